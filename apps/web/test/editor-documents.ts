import {
  addBox,
  configureBox,
  type FieldSettings,
} from '../src/features/template-editor/model/commands.ts';
import {
  emptyDocument,
  type BoxId,
  type EditorDocument,
} from '../src/features/template-editor/model/editor-state.ts';

/** Shared by the editor's unit tests: an A4 and a Letter page, and a quick way to add boxes. */
export const testPages = [
  { width: 595.28, height: 841.89 },
  { width: 612, height: 792 },
];

export const docWith = (
  boxes: { page?: number; x?: number; y?: number; w?: number; h?: number; set?: FieldSettings }[],
): { doc: EditorDocument; ids: BoxId[] } => {
  let doc = emptyDocument();
  const ids: BoxId[] = [];
  for (const b of boxes) {
    const rect = { x: b.x ?? 50, y: b.y ?? 100, width: b.w ?? 200, height: b.h ?? 20 };
    const added = addBox(doc, { page: b.page ?? 1, rect, pages: testPages });
    doc = b.set ? configureBox(added.doc, { id: added.id, settings: b.set }) : added.doc;
    ids.push(added.id);
  }
  return { doc, ids };
};
