import { Checkbox } from '@mantine/core';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import type { BoxId, EditorDocument } from '../model/editor-state.ts';
import { useEditor } from './editor-context.ts';

const hasTableOnPage = (doc: EditorDocument, page: number) =>
  doc.order.some((id) => doc.boxes[id]?.type === 'table' && doc.boxes[id]?.page === page);

/**
 * On a page with a table whose rows may continue on copies of the page: whether this field prints
 * on every copy (a header field) or on the last only (a total).
 */
export const RepeatOnContinuedPages = ({
  id,
  page,
  repeat,
  onChange,
}: {
  id: BoxId;
  page: number;
  repeat: boolean;
  onChange: (repeat: boolean) => void;
}) => {
  const { store } = useEditor();
  const isShown = useEditorSelector(
    store,
    (state) =>
      state.history.present.boxes[id]?.type !== 'table' &&
      hasTableOnPage(state.history.present, page),
  );
  if (!isShown) return null;
  return (
    <Checkbox
      label="Repeat on continued pages"
      description="Off: printed on the last page of the table only, as a total is"
      checked={repeat}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
};
