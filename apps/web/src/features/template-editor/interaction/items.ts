import type { RectPt } from '../geometry/page-geometry.ts';
import { setBoxRect } from '../model/commands.ts';
import type { BoxId, EditorDocument, TemplatePages } from '../model/editor-state.ts';
import { setStampRect } from '../model/stamp-commands.ts';

/** Field boxes and stamps move and resize alike; these find either by id. */
export const itemOf = (doc: EditorDocument, id: BoxId) => doc.boxes[id] ?? doc.stamps[id];

export const withItemRect = (
  doc: EditorDocument,
  id: BoxId,
  rect: RectPt,
  pages: TemplatePages,
): EditorDocument =>
  doc.boxes[id] ? setBoxRect(doc, { id, rect, pages }) : setStampRect(doc, { id, rect, pages });

/** The rectangles a moving item may snap to: the other items on its page. */
export const othersOnPage = (doc: EditorDocument, id: BoxId): RectPt[] => {
  const page = itemOf(doc, id)?.page;
  return [...Object.values(doc.boxes), ...Object.values(doc.stamps)]
    .filter((item) => item.page === page && item.id !== id)
    .map((item) => item.rect);
};
