import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { ContrastAlert } from '../../../components/feedback/ContrastAlert.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useRenameTemplate } from '../api/rename-template.ts';
import { PASSES_UNSAVED_GUARD } from '../hooks/use-unsaved-guard.ts';

type RenameModalProps = {
  templateName: string;
  /** Named in the warning: integrations can call the template by id instead of by name. */
  templateId: string;
  isOpen: boolean;
  onClose: () => void;
};

/** product.md#screens-and-routes "Change template name"; product.md#states-and-transitions: success goes to the new URL; product.md#errors for the texts. */
export const RenameModal = ({ templateName, templateId, isOpen, onClose }: RenameModalProps) => {
  const [name, setName] = useState(templateName);
  /** The name the server refused because another template has it, and its words. */
  const [taken, setTaken] = useState<{ name: string; message: string } | null>(null);
  const rename = useRenameTemplate();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = async () => {
    if (!name.trim()) return;
    try {
      const renamed = await rename.mutateAsync({ templateName, name: name.trim() });
      onClose();
      await showAlertDialog({
        kind: 'success',
        title: 'Success!',
        message: 'The template name has been updated.',
      });
      // The editor stays open under the new name, unsaved work included.
      await navigate(
        { pathname: paths.template(renamed.templateName), search: location.search },
        {
          replace: true,
          state: PASSES_UNSAVED_GUARD,
        },
      );
    } catch (error) {
      // A name in use is the user's to fix: the dialog stays open and says so at the field.
      if (isApiError(error) && error.code === 'TEMPLATE_NAME_TAKEN') {
        setTaken({ name: name.trim(), message: error.message });
        return;
      }
      onClose();
      await showAlertDialog({
        kind: 'error',
        title: 'Error!',
        message: 'An error occurred while updating the template name.',
      });
    }
  };

  return (
    <Modal opened={isOpen} onClose={onClose} title="Change template name" centered radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Template name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            withAsterisk
            error={
              !name.trim()
                ? 'Please give the template a name.'
                : taken?.name === name.trim()
                  ? `${taken.message} Please choose another name.`
                  : undefined
            }
          />
          {/* Generate finds a template by its name: a call made with the old one gets a 404. */}
          <ContrastAlert
            color="yellow"
            icon={<IconAlertTriangle aria-hidden />}
            title="Integrations calling it by name will break"
          >
            <Text size="sm">
              Calls that send <b>templateName: "{templateName}"</b> will fail once it is renamed.
              Update them to the new name, or make them send the template's id, which never changes:{' '}
              <code style={{ wordBreak: 'break-all' }}>{templateId}</code>
            </Text>
          </ContrastAlert>
          <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
            Save name
          </Button>
        </Stack>
      </form>
    </Modal>
  );
};
