import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Input,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../../components/feedback/toast.ts';
import { isShowablePicture } from '../model/field-kinds.ts';

/** What the server draws into an image field (it converts WebP and GIF to PNG). */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** The server refuses larger pictures (security.md §38). */
const MAX_BYTES = 5 * 1024 * 1024;

const readAsDataUri = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

type ImageValueInputProps = { label: string; value: unknown; onChange: (value: string) => void };

/**
 * An image field of the Form tab: a picture uploaded from this device (sent as a data: URI, with
 * a preview) or an https:// URL the server fetches when it generates the PDF.
 */
export const ImageValueInput = ({ label, value, onChange }: ImageValueInputProps) => {
  const text = typeof value === 'string' ? value : '';
  const [fileName, setFileName] = useState<string | null>(null);
  const isUpload = text.startsWith('data:');

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      showError('File error', 'Choose a PNG, JPEG, WebP or GIF picture.');
      return;
    }
    if (file.size > MAX_BYTES) {
      showError('File error', 'The picture is larger than 5 MB.');
      return;
    }
    try {
      onChange(await readAsDataUri(file));
      setFileName(file.name);
    } catch {
      showError('File error', 'The picture could not be read.');
    }
  };

  return (
    <Input.Wrapper label={label} description="Upload a picture, or give its https:// address.">
      <Stack gap={6} mt={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <FileButton onChange={(file) => void pick(file)} accept={ACCEPTED_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                aria-label={`Upload picture for ${label}`}
                style={{ flexShrink: 0 }}
              >
                Upload
              </Button>
            )}
          </FileButton>
          <TextInput
            type="url"
            aria-label={`Picture URL for ${label}`}
            placeholder="https://example.com/picture.png"
            value={isUpload ? '' : text}
            onChange={(e) => {
              setFileName(null);
              onChange(e.currentTarget.value);
            }}
            style={{ flex: 1 }}
          />
        </Group>
        {isUpload && (
          <Group gap="sm" wrap="nowrap">
            {isShowablePicture(text) && (
              <Image
                src={text}
                alt={`Preview of ${label}`}
                h={72}
                w="auto"
                fit="contain"
                radius="sm"
              />
            )}
            <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {fileName ?? 'Example picture'}
            </Text>
            <CloseButton
              aria-label={`Remove picture of ${label}`}
              onClick={() => {
                setFileName(null);
                onChange('');
              }}
            />
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
};
