import { Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { bringOntoPages, findOutOfBounds } from '../model/out-of-bounds.ts';
import { useEditor } from './editor-context.ts';

/**
 * Fields the replaced PDF left off its pages: listed here because a field on a page that is
 * gone cannot be seen (the others are drawn red). Saving and publishing wait until they are back.
 */
export const OutOfBoundsAlert = ({ onEdit }: { onEdit: () => void }) => {
  const { store, isEditing } = useEditor();
  const pageCount = store.pages.length;
  const outside = useEditorSelector(store, (state) =>
    findOutOfBounds(state.history.present, store.pages)
      .map((box) => `${box.label || 'Unlabelled'} (page ${box.page})`)
      .join(', '),
  );
  if (!outside) return null;
  return (
    <ErrorAlert
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Some fields lie off the pages"
      data-testid="out-of-bounds-alert"
    >
      <Text size="sm">
        {outside}. The PDF has {pageCount} {pageCount === 1 ? 'page' : 'pages'}: move these fields
        onto a page or delete them before you save or publish. Documents leave them empty meanwhile.
      </Text>
      <Button
        mt="xs"
        size="compact-sm"
        color="red.8"
        onClick={() =>
          isEditing ? store.apply((doc) => bringOntoPages(doc, store.pages)) : onEdit()
        }
      >
        {isEditing ? 'Move them onto the pages' : 'Edit template to move them'}
      </Button>
    </ErrorAlert>
  );
};
