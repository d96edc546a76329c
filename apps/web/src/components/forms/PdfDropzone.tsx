import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';

const isPdfFile = (file: File): boolean => file.type === 'application/pdf';

type PdfDropzoneProps = {
  file: File | null;
  /** A single PDF was dropped or picked. */
  onFile: (file: File) => void;
  /** Anything else (another type, several files): the choice is cleared. */
  onReject: () => void;
  isDisabled?: boolean;
  label?: string;
};

/**
 * The drag-and-drop or click-to-upload zone for one PDF (template creation and replacement,
 * product.md#screens-and-routes and product.md#validation), with the chosen file's name under it.
 */
export const PdfDropzone = ({ file, onFile, onReject, isDisabled, label }: PdfDropzoneProps) => {
  const name = label ?? 'PDF file: drop it here or click to choose one';
  const accept = (files: File[]) => {
    const [only] = files;
    if (files.length === 1 && only && isPdfFile(only)) onFile(only);
    else onReject();
  };
  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={accept}
        onReject={(_rejections: FileRejection[]) => onReject()}
        accept={PDF_MIME_TYPE}
        multiple={false}
        disabled={isDisabled}
        radius="md"
        aria-label={name}
        inputProps={{ 'aria-label': name }}
        data-testid="pdf-dropzone"
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypePdf size={36} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>Drop a PDF here or click to choose one</Text>
            <Text size="sm" c="dimmed">
              One PDF file
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="chosen-file">
        {file ? file.name : 'No file chosen'}
      </Text>
    </Stack>
  );
};
