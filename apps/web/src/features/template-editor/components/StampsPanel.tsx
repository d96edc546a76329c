import { Button, FileButton, NativeSelect, Stack, Text } from '@mantine/core';
import { stampImageTypes } from '@platen/contract';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../../components/feedback/toast.ts';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { isStampImageType, readStampImage, type StampImage } from '../images/stamp-image.ts';
import type { BoxId } from '../model/editor-state.ts';
import { addStamp, initialStampRect } from '../model/stamp-commands.ts';
import { useEditor } from './editor-context.ts';

/** product.md#validation, product.md#constants: place a picture as a static stamp; it is saved with the template. */
export const StampsPanel = () => {
  const { store } = useEditor();
  const [page, setPage] = useState(1);
  const count = useEditorSelector(
    store,
    (state) => Object.keys(state.history.present.stamps).length,
  );

  const place = async (file: File | null) => {
    if (!file) return;
    if (!isStampImageType(file.type)) {
      showError(
        'File error',
        'Choose an APNG, AVIF, BMP, GIF, JPEG, PNG, SVG, WebP or ICO picture.',
      );
      return;
    }
    let picture: StampImage;
    try {
      picture = await readStampImage(file);
    } catch {
      showError('File error', 'This picture cannot be read. Please choose another file.');
      return;
    }
    const pageSize = store.pages[page - 1];
    if (!pageSize) return;
    let id: BoxId | undefined;
    store.apply((doc) => {
      const rect = initialStampRect(picture, pageSize);
      const added = addStamp(doc, { page, rect, image: picture.dataUri });
      id = added.id;
      return added.doc;
    });
    if (id) store.select(id);
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
