import { Alert, Text } from '@mantine/core';
import { IconSquarePlus } from '@tabler/icons-react';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { useEditor } from './editor-context.ts';

/** A template without fields says on the page itself how to add one. */
export const EmptyTemplateHint = () => {
  const { store, isEditing, layer } = useEditor();
  const isEmpty = useEditorSelector(
    store,
    (state) => Object.keys(state.history.present.boxes).length === 0,
  );
  if (!isEmpty || layer !== 'fields') return null;
  return (
    <Alert
      variant="light"
      color="brand"
      icon={<IconSquarePlus aria-hidden />}
      title="Draw a box to add a field"
      data-testid="empty-template-hint"
    >
      <Text size="sm">
        {isEditing
          ? 'Press on the page where the field goes and drag to its other corner.'
          : 'Choose Edit fields, then press on the page where the field goes and drag.'}
      </Text>
    </Alert>
  );
};
