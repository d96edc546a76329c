import { Button, FileButton, NativeSelect, Stack, Text } from '@mantine/core';
import { stampImageTypes } from '@platen/contract';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../../components/feedback/toast.ts';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { addStamp, initialStampRect } from '../model/stamp-commands.ts';
import { useEditor } from './editor-context.ts';

const readAsDataUri = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file cannot be read.'));
    reader.readAsDataURL(file);
  });

/** The picture's own size in pixels; pictures without one (some SVGs) count as a square. */
const naturalSize = (src: string) =>
  new Promise<{ width: number; height: number }>((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve({ width: image.naturalWidth || 300, height: image.naturalHeight || 300 });
    image.onerror = () => resolve({ width: 300, height: 300 });
    image.src = src;
  });

/** SPEC §5, §9: place a picture as a static stamp; it is saved with the template. */
export const StampsPanel = () => {
  const { store } = useEditor();
  const [page, setPage] = useState(1);
  const count = useEditorSelector(
    store,
    (state) => Object.keys(state.history.present.stamps).length,
  );

  const place = async (file: File | null) => {
    if (!file) return;
    if (!(stampImageTypes as readonly string[]).includes(file.type)) {
      showError(
        'File error',
        'Choose an APNG, AVIF, BMP, GIF, JPEG, PNG, SVG, WebP or ICO picture.',
      );
      return;
    }
    const image = await readAsDataUri(file);
    const size = await naturalSize(image);
    const pageSize = store.pages[page - 1];
    if (!pageSize) return;
    let id: string | undefined;
    store.apply((doc) => {
      const added = addStamp(doc, { page, rect: initialStampRect(size, pageSize), image });
      id = added.id;
      return added.doc;
    });
    if (id) store.select(id as never);
  };

  return (
    <Stack gap="sm" data-testid="stamps-panel">
      <Text size="sm" c="dimmed">
        A stamp is a picture drawn into every generated PDF at the same place: a logo, a signature,
        a seal. Drag it to move it; the handles resize it.
      </Text>
      <NativeSelect
        label="Page"
        value={String(page)}
        onChange={(event) => setPage(Number(event.currentTarget.value))}
        data={store.pages.map((_, index) => String(index + 1))}
      />
      <FileButton onChange={(file) => void place(file)} accept={stampImageTypes.join(',')}>
        {(props) => (
          <Button {...props} leftSection={<IconPhotoPlus size={16} aria-hidden />}>
            Add a stamp
          </Button>
        )}
      </FileButton>
      <Text size="sm">
        {count === 0
          ? 'No stamps yet.'
          : `${count} ${count === 1 ? 'stamp' : 'stamps'} on this template.`}
      </Text>
    </Stack>
  );
};
