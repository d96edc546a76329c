import type { BoxId, EditorDocument } from './editor-state.ts';
import type { EditorState } from './editor-store.ts';

const idsByPageCache = new WeakMap<EditorDocument, Map<number, BoxId[]>>();

/** The box ids of every page, computed once per document (500 boxes, 100 pages, every frame). */
const idsByPage = (doc: EditorDocument): Map<number, BoxId[]> => {
  const cached = idsByPageCache.get(doc);
  if (cached) return cached;
  const map = new Map<number, BoxId[]>();
  for (const id of doc.order) {
    const box = doc.boxes[id];
    if (!box) continue;
    const ids = map.get(box.page);
    if (ids) ids.push(id);
    else map.set(box.page, [id]);
  }
  idsByPageCache.set(doc, map);
  return map;
};

const NONE: BoxId[] = [];

export const selectBoxIdsOnPage = (page: number) => (state: EditorState) =>
  idsByPage(state.history.present).get(page) ?? NONE;

export const selectStampIdsOnPage = (page: number) => (state: EditorState) =>
  Object.values(state.history.present.stamps)
    .filter((stamp) => stamp.page === page)
    .map((stamp) => stamp.id);
