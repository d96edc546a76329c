import { Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DEFAULT_TEMPLATE_DESCRIPTION } from '@platen/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showError } from '../../../components/feedback/toast.ts';
import { PdfDropzone } from '../../../components/forms/PdfDropzone.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCreateTemplate } from '../api/create-template.ts';
import { importSummary } from '../model/import-summary.ts';

type CreateTemplateModalProps = { isOpen: boolean; onClose: () => void };

/** product.md#screens-and-routes "Create Template": name, description, one PDF; product.md#states-and-transitions, product.md#validation, product.md#errors for what happens next. */
export const CreateTemplateModal = ({ isOpen, onClose }: CreateTemplateModalProps) => {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const create = useCreateTemplate();
  const navigate = useNavigate();

  const close = () => {
    setName('');
    setDescription('');
    setFile(null);
    onClose();
  };

  const submit = async () => {
    if (!name.trim() || !file) {
      showError('Missing fields!', 'Please fill in all fields.');
      return;
    }
    const templateDescription = description.trim() || DEFAULT_TEMPLATE_DESCRIPTION;
    try {
      const created = await create.mutateAsync({
        templateName: name.trim(),
        templateDescription,
        file,
      });
      close();
      const isOpening = await showAlertDialog({
        kind: 'success',
        title: 'Template created',
        message: (
          <>
            {`"${created.templateName}" is ready: open it to draw its fields.`}
            {importSummary(created).map((line) => (
              // Inside the dialog's paragraph: spans, shown as lines of their own.
              <Text key={line} span display="block" size="sm" mt="xs" data-testid="import-summary">
                {line}
              </Text>
            ))}
          </>
        ),
        actionLabel: 'Open template',
      });
      if (isOpening) await navigate(paths.template(created.templateName));
    } catch (error) {
      close();
      await showAlertDialog({
        kind: 'error',
        title: 'Template Error',
        message: errorMessage(error),
      });
    }
  };

  return (
    <Modal opened={isOpen} onClose={close} title="Create Template" centered radius="md" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Template name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label="Description"
            placeholder="This template is for ...."
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={2}
          />
          <PdfDropzone
            file={file}
            onFile={setFile}
            isDisabled={create.isPending}
            onReject={() => {
              setFile(null);
              showError('File error', 'Only PDF files are allowed.');
            }}
          />
          <Button type="submit" loading={create.isPending} fullWidth>
            CREATE
          </Button>
          {create.isPending && (
            // The server reads every page and makes the preview: seconds on a large PDF.
            <Group gap="xs" justify="center" role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Uploading the PDF and reading its pages…
              </Text>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
};
