import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../components/feedback/toast.ts';
import { isShowablePicture, isStillTyping, pictureUrlProblem } from './picture-url.ts';
import classes from './ImageValueInput.module.css';

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

type Source = 'file' | 'url';

/**
 * An image field of the Form tab: a picture uploaded from this device (sent as a data: URI, with
 * a preview) or an https:// URL the server fetches when it generates the PDF. Which of the two is
 * sent is a visible choice; each keeps its own value, so typing an address never drops the upload
 * (switch back and it is there). An address the server would refuse is said so under the input as
 * it is typed, and holds the form back from Generate (the browser's own validity message).
 */
export const ImageValueInput = ({ label, value, onChange }: ImageValueInputProps) => {
  const text = typeof value === 'string' ? value : '';
  const startsUploaded = text.startsWith('data:');
  const [source, setSource] = useState<Source>(startsUploaded || text === '' ? 'file' : 'url');
  const [upload, setUpload] = useState(startsUploaded ? text : '');
  const [fileName, setFileName] = useState<string | null>(null);
  const [url, setUrl] = useState(startsUploaded ? '' : text);
  const [hasLeftUrl, setHasLeftUrl] = useState(false);
  const problem = pictureUrlProblem(url);
  const shownProblem = problem && (hasLeftUrl || !isStillTyping(url)) ? problem : null;

  const choose = (next: Source) => {
    setSource(next);
    onChange(next === 'file' ? upload : url);
  };

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
      const uri = await readAsDataUri(file);
      setUpload(uri);
      setFileName(file.name);
      onChange(uri);
    } catch {
      showError('File error', 'The picture could not be read.');
    }
  };

  return (
    <Input.Wrapper
      label={label}
      description="Upload a picture, or give its https:// address."
      inputWrapperOrder={['label', 'input', 'description']}
    >
      <Stack gap={6} mt={4}>
        <SegmentedControl
          aria-label={`Picture source for ${label}`}
          value={source}
          onChange={(next) => choose(next === 'url' ? 'url' : 'file')}
          data={[
            { label: 'File', value: 'file' },
            { label: 'URL', value: 'url' },
          ]}
          w="fit-content"
        />
        {source === 'url' ? (
          <TextInput
            type="url"
            aria-label={`Picture URL for ${label}`}
            placeholder="https://example.com/picture.png"
            value={url}
            error={shownProblem}
            classNames={{ error: classes.error, input: classes.input }}
            ref={(input) => input?.setCustomValidity(problem ?? '')}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              onChange(e.currentTarget.value);
            }}
            onBlur={() => setHasLeftUrl(true)}
          />
        ) : (
          <>
            <FileButton onChange={(file) => void pick(file)} accept={ACCEPTED_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  aria-label={`Upload picture for ${label}`}
                  w="fit-content"
                >
                  {upload ? 'Replace' : 'Upload'}
                </Button>
              )}
            </FileButton>
            {upload && (
              <Group gap="sm" wrap="nowrap">
                {isShowablePicture(upload) && (
                  <Image
                    src={upload}
                    alt={`Preview of ${label}`}
                    h={72}
                    w="auto"
                    fit="contain"
                    radius="sm"
                  />
                )}
                <Text
                  size="sm"
                  c="dimmed"
                  style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {fileName ?? 'Example picture'}
                </Text>
                <CloseButton
                  aria-label={`Remove picture of ${label}`}
                  onClick={() => {
                    setUpload('');
                    setFileName(null);
                    onChange('');
                  }}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
};
