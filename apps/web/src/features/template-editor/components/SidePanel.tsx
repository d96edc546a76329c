import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconInfoCircle,
  IconPencil,
} from '@tabler/icons-react';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { canRedo, canUndo } from '../model/history.ts';
import { useEditor } from './editor-context.ts';
import { FieldPanel } from './FieldPanel.tsx';
import { TemplateLanguageSelect } from './LanguageSelect.tsx';
import { StampsPanel } from './StampsPanel.tsx';
import { ZoomControl, type ZoomSetting } from './ZoomControl.tsx';
import classes from './editor.module.css';

type SidePanelProps = {
  templateName: string;
  description: string;
  zoom: number;
  zoomSetting: ZoomSetting;
  onZoom: (next: ZoomSetting) => void;
  onRename: () => void;
};

const HELP =
  'Edit template, then press and drag on a page to draw a field. Drag a field to move it, its ' +
  'handles resize it. Arrows nudge by 1 pt (Shift: 10 pt), Ctrl/Cmd+Z undoes, Ctrl/Cmd+C and V ' +
  'copy and paste, Delete removes, Escape cancels a drag. Enter on a selected field goes to its ' +
  'Label, Escape there back to the field. Hold Alt to place without snapping.';

export const UndoRedo = () => {
  const { store, isEditing } = useEditor();
  const isUndoable = useEditorSelector(store, (state) => canUndo(state.history));
  const isRedoable = useEditorSelector(store, (state) => canRedo(state.history));
  return (
    <Group gap={4}>
      <Tooltip label="Undo (Ctrl/Cmd+Z)">
        <ActionIcon
          variant="default"
          aria-label="Undo"
          disabled={!isEditing || !isUndoable}
          onClick={store.undo}
        >
          <IconArrowBackUp size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Redo (Shift+Ctrl/Cmd+Z)">
        <ActionIcon
          variant="default"
          aria-label="Redo"
          disabled={!isEditing || !isRedoable}
          onClick={store.redo}
        >
          <IconArrowForwardUp size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};

/** What the field-options card shows: the selected field, the stamps, or how to start. */
export const OptionsBody = () => {
  const { store, isEditing, layer } = useEditor();
  const selectedBox = useEditorSelector(store, (state) =>
    state.selectedId && state.history.present.boxes[state.selectedId] ? state.selectedId : null,
  );
  const invalidCount = useEditorSelector(store, (state) => state.invalidIds.size);
  if (layer === 'stamps') return <StampsPanel />;
  return (
    <Stack gap="sm">
      {invalidCount > 0 && (
        <Text size="sm" c="red.7" role="alert">
          {invalidCount === 1 ? '1 field needs' : `${invalidCount} fields need`} a type and a unique
          label before the template can be saved.
        </Text>
      )}
      {isEditing && selectedBox ? (
        <FieldPanel id={selectedBox} />
      ) : (
        <Text size="sm" c="dimmed">
          {isEditing
            ? 'Select a field to configure it, or press and drag on a page to draw one.'
            : 'Choose Edit fields to draw and configure fields.'}
        </Text>
      )}
    </Stack>
  );
};

/** product.md#screens-and-routes: the desktop side panel with the document name, rename pen, help and field options. */
export const SidePanel = (props: SidePanelProps) => (
  <Stack gap="md" w={320} className={classes.sidePanel} data-testid="side-panel">
    <Card withBorder>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Document name
          </Text>
          <Title order={2} size="h5" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {props.templateName}
          </Title>
        </div>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Rename">
            <ActionIcon variant="subtle" aria-label="Rename template" onClick={props.onRename}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={HELP} multiline w={280} withArrow>
            <ActionIcon variant="subtle" aria-label={`About this editor: ${HELP}`}>
              <IconInfoCircle size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt="xs" lineClamp={3}>
        {props.description}
      </Text>
      <Stack mt="sm">
        <TemplateLanguageSelect />
      </Stack>
    </Card>
    <Card withBorder>
      <Group justify="space-between" gap="xs">
        <ZoomControl zoom={props.zoom} setting={props.zoomSetting} onChange={props.onZoom} />
        <UndoRedo />
      </Group>
    </Card>
    <Card withBorder>
      <Title order={3} size="h6" mb="sm">
        Field options
      </Title>
      <OptionsBody />
    </Card>
  </Stack>
);
