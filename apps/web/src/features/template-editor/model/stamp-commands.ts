import {
  fitRectToPage,
  isSameRect,
  roundRect,
  type PageSize,
  type RectPt,
} from '../geometry/page-geometry.ts';
import type { BoxId, EditorDocument, Stamp, TemplatePages } from './editor-state.ts';

/** product.md#constants: on first placement a stamp takes at most 75 % of the page, keeping its proportions. */
const STAMP_MAX_PAGE_SHARE = 0.75;

export const initialStampRect = (
  image: { width: number; height: number },
  page: PageSize,
): RectPt => {
  const factor = Math.min(
    1,
    (page.width * STAMP_MAX_PAGE_SHARE) / image.width,
    (page.height * STAMP_MAX_PAGE_SHARE) / image.height,
  );
  const width = image.width * factor;
  const height = image.height * factor;
  return roundRect({ x: (page.width - width) / 2, y: (page.height - height) / 2, width, height });
};

export const addStamp = (
  doc: EditorDocument,
  input: { page: number; rect: RectPt; image: string },
): { doc: EditorDocument; id: BoxId } => {
  const id = `stamp-${doc.nextNumber}-${input.page}` as BoxId;
  const stamp: Stamp = {
    id,
    page: input.page,
    rect: roundRect(input.rect),
    image: input.image,
    isImageChanged: true,
  };
  return {
    doc: { ...doc, stamps: { ...doc.stamps, [id]: stamp }, nextNumber: doc.nextNumber + 1 },
    id,
  };
};

export const setStampRect = (
  doc: EditorDocument,
  input: { id: BoxId; rect: RectPt; pages: TemplatePages },
): EditorDocument => {
  const stamp = doc.stamps[input.id];
  const page = stamp && input.pages[stamp.page - 1];
  if (!stamp || !page) return doc;
  const rect = fitRectToPage(input.rect, page);
  return isSameRect(rect, stamp.rect)
    ? doc
    : { ...doc, stamps: { ...doc.stamps, [stamp.id]: { ...stamp, rect } } };
};

export const removeStamp = (doc: EditorDocument, id: BoxId): EditorDocument => {
  if (!doc.stamps[id]) return doc;
  const stamps = { ...doc.stamps };
  delete stamps[id];
  return { ...doc, stamps };
};
