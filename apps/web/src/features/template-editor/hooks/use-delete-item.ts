import { modals } from '@mantine/modals';
import type { TemplateResponse } from '@platen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { deleteField } from '../api/delete-field.ts';
import { templateKeys } from '../api/template-editor-query-keys.ts';
import { isSavedId, type BoxId, type EditorDocument } from '../model/editor-state.ts';
import type { EditorStore } from '../model/editor-store.ts';

/** The saved field to delete on the server: only when this is the last box of a saved field. */
const serverFieldToDelete = (doc: EditorDocument, id: BoxId): string | undefined => {
  const box = doc.boxes[id];
  const fieldId = box?.fieldId ?? (isSavedId(box?.id) ? box?.id : undefined);
  if (!fieldId || !isSavedId(fieldId)) return undefined;
  const isShared = Object.values(doc.boxes).some(
    (other) => other.id !== id && (other.fieldId ?? other.id) === fieldId,
  );
  return isShared ? undefined : fieldId;
};

/**
 * product.md#states-and-transitions and product.md#errors: deleting a box asks first; a saved field is deleted on the server, then
 * removed here. Unsaved boxes deleted with the keyboard go at once (undo brings them back).
 */
export const useDeleteItem = (store: EditorStore, templateName: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    (id: BoxId, viaKeyboard = false) => {
      const doc = store.getState().history.present;
      if (doc.stamps[id]) return store.remove(id);
      const box = doc.boxes[id];
      if (!box) return;
      const serverId = serverFieldToDelete(doc, id);
      if (viaKeyboard && !serverId) return store.remove(id);
      modals.openConfirmModal({
        title: `Do you really want to delete the ${box.label.trim() || 'unlabelled'} Coordinate?`,
        centered: true,
        children: null,
        labels: { confirm: 'Yes, delete it!', cancel: 'No, keep it' },
        confirmProps: { color: 'red.8' },
        onConfirm: () => {
          if (!serverId) return store.remove(id);
          deleteField(templateName, serverId).then(
            () => {
              store.remove(id);
              // The server's delete is an edit of the draft: it took the next revision, which
              // the editor's next save must send (or it is refused as EDIT_CONFLICT).
              queryClient.setQueryData<TemplateResponse>(
                templateKeys.detail(templateName),
                (old) =>
                  old && {
                    ...old,
                    inputs: old.inputs.filter((input) => input.id !== serverId),
                    revision: old.revision + 1,
                    hasUnpublishedChanges: true,
                  },
              );
              void queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] });
            },
            () =>
              showAlertDialog({
                kind: 'error',
                title: 'Error!',
                message: 'An error occurred while deleting the rectangle.',
              }),
          );
        },
      });
    },
    [store, templateName, queryClient],
  );
};
