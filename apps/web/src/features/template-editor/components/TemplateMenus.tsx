import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDeviceFloppy,
  IconDownload,
  IconEdit,
  IconFileUpload,
  IconPencil,
  IconRocket,
  IconSettings,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { firstItemFocused } from '../../../components/menus/first-item-focused.ts';

/** The template's menus open under their button, with the focus on their first item. */
const menuProps = { position: 'bottom-end', withinPortal: true, ...firstItemFocused } as const;

type TemplateMenusProps = {
  isEditing: boolean;
  isSaving: boolean;
  onEdit: () => void;
  onReplace: () => void;
  onDownload: () => void;
  onDelete: () => void;
  onSave: () => void;
  onDiscard: () => void;
  onPublish: () => void;
};

/**
 * product.md#screens-and-routes: the gear menu, and while editing the Save button and the editing-mode menu.
 * Outside editing mode an Edit fields button says where drawing starts (the gear menu's Edit
 * template does the same, and stays).
 */
export const TemplateMenus = (props: TemplateMenusProps) => (
  <Group gap="xs" wrap="nowrap">
    {!props.isEditing && (
      <Button
        variant="light"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={props.onEdit}
      >
        Edit fields
      </Button>
    )}
    {props.isEditing && (
      <>
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          loading={props.isSaving}
          onClick={props.onSave}
        >
          Save
        </Button>
        <Menu {...menuProps}>
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
              Editing mode
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconDeviceFloppy size={16} />} onClick={props.onSave}>
              Save changes
            </Menu.Item>
            <Menu.Item leftSection={<IconX size={16} />} onClick={props.onDiscard}>
              Discard changes
            </Menu.Item>
            <Menu.Item leftSection={<IconRocket size={16} />} onClick={props.onPublish}>
              Publish changes
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </>
    )}
    <Menu {...menuProps}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Template actions">
          <IconSettings size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={props.onEdit}>
          Edit template
        </Menu.Item>
        <Menu.Item leftSection={<IconFileUpload size={16} />} onClick={props.onReplace}>
          Replace template
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={props.onDownload}>
          Download PDF
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={props.onDelete}>
          Delete template
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  </Group>
);
