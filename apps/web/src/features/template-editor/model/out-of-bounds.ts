import { fitRectToPage } from '../geometry/page-geometry.ts';
import type { BoxId, EditorDocument, FieldBox, TemplatePages } from './editor-state.ts';

/** Rounding slack: the server stores 1/100 pt. */
const SLACK_PT = 0.01;

/**
 * Whether a box lies off the pages: a replaced PDF may have fewer or smaller pages than the
 * fields drawn on the old one. The server keeps such fields in the draft (it names them
 * `outOfBounds`) and refuses to save or publish them until they are moved or deleted.
 */
export const isOutOfBounds = (box: Pick<FieldBox, 'page' | 'rect'>, pages: TemplatePages) => {
  const page = pages[box.page - 1];
  if (!page) return true;
  const { x, y, width, height } = box.rect;
  return (
    x < -SLACK_PT ||
    y < -SLACK_PT ||
    x + width > page.width + SLACK_PT ||
    y + height > page.height + SLACK_PT
  );
};

export const findOutOfBounds = (doc: EditorDocument, pages: TemplatePages): FieldBox[] =>
  doc.order.flatMap((id) => {
    const box = doc.boxes[id];
    return box && isOutOfBounds(box, pages) ? [box] : [];
  });

/** Puts every box that lies off the pages on the last page it can (its own, or the last one). */
export const bringOntoPages = (doc: EditorDocument, pages: TemplatePages): EditorDocument => {
  const outside = findOutOfBounds(doc, pages);
  if (outside.length === 0 || pages.length === 0) return doc;
  const boxes: Record<BoxId, FieldBox> = { ...doc.boxes };
  for (const box of outside) {
    const page = Math.min(box.page, pages.length);
    boxes[box.id] = { ...box, page, rect: fitRectToPage(box.rect, pages[page - 1]!) };
  }
  return { ...doc, boxes };
};
