import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showError } from '../../../components/feedback/toast.ts';
import { PdfDropzone } from '../../../components/forms/PdfDropzone.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useReplaceTemplate } from '../api/replace-template.ts';

type ReplaceModalProps = {
  templateName: string;
  isOpen: boolean;
  onClose: () => void;
  onReplaced: () => void;
};

/** product.md#screens-and-routes "Replace template": one PDF; the fields that still fit are kept by the server. */
export const ReplaceModal = ({ templateName, isOpen, onClose, onReplaced }: ReplaceModalProps) => {
  const [file, setFile] = useState<File | null>(null);
  const replace = useReplaceTemplate();

  const close = () => {
    setFile(null);
    onClose();
  };

  const submit = async () => {
    if (!file) {
      showError('Missing fields!', 'Please upload a PDF file.');
      return;
    }
    try {
      const answer = await replace.mutateAsync({ templateName, file });
      close();
      onReplaced();
      const removed = answer.removedFields.length
        ? ` These stamps no longer fit and were removed: ${answer.removedFields.join(', ')}.`
        : '';
      // Kept in the draft, never dropped: the editor draws them red until they are moved.
      const outside = answer.outOfBounds.length
        ? ` These fields lie off the new pages and are marked red: ${answer.outOfBounds.join(', ')}. Move them onto a page or delete them before you save or publish.`
        : '';
      const unlocked = answer.restrictionsRemoved ? ` ${answer.restrictionsRemoved}` : '';
      await showAlertDialog({
        kind: outside ? 'warning' : 'success',
        title: 'Replacement successful!',
        message: `Template replaced successfully.${unlocked}${removed}${outside}`,
      });
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
    <Modal opened={isOpen} onClose={close} title="Replace template" centered radius="md" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          The new PDF takes the place of the current one. Fields that no longer fit on its pages are
          kept and marked red, for you to move.
        </Text>
        <PdfDropzone
          file={file}
          onFile={setFile}
          isDisabled={replace.isPending}
          onReject={() => {
            setFile(null);
            showError('File error', 'Only PDF files are allowed');
          }}
        />
        <Button onClick={() => void submit()} loading={replace.isPending}>
          REPLACE
        </Button>
      </Stack>
    </Modal>
  );
};
