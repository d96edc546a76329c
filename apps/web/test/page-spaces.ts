/**
 * Test-only conversions of the editor's page space: back to the screen, and to PDF user space
 * (pdf.js's mapping), to check page-geometry.ts against pdf.js. The editor itself only goes
 * from the screen to the page and never leaves displayed space, so these are not shipped.
 */
import {
  screenPoint,
  type PagePoint,
  type PageSize,
  type PageView,
  type ScreenPoint,
} from '../src/features/template-editor/geometry/page-geometry.ts';

export const pageToScreen = (p: PagePoint, v: PageView): ScreenPoint =>
  screenPoint(p.x * v.scale + v.rect.left, p.y * v.scale + v.rect.top);

/** A PDF page before display: its CropBox (or MediaBox) in user space and its /Rotate. */
export type PdfPageBox = { viewBox: [number, number, number, number]; rotate: 0 | 90 | 180 | 270 };

/** The size of a page as displayed: rotation by 90 or 270 swaps width and height. */
export const displayedPageSize = ({ viewBox, rotate }: PdfPageBox): PageSize => {
  const width = viewBox[2] - viewBox[0];
  const height = viewBox[3] - viewBox[1];
  return rotate % 180 === 0 ? { width, height } : { width: height, height: width };
};

/**
 * A displayed point (top-left origin, points) in PDF user space (bottom-left origin of the
 * unrotated MediaBox). This is pdf.js's `viewport.convertToPdfPoint` at scale 1; the engine has the
 * mirror of it. The editor never leaves displayed space.
 */
export const displayedToUserSpace = (p: PagePoint, box: PdfPageBox): [number, number] => {
  const [x0, y0, x1, y1] = box.viewBox;
  switch (box.rotate) {
    case 90:
      return [x0 + p.y, y0 + p.x];
    case 180:
      return [x1 - p.x, y0 + p.y];
    case 270:
      return [x1 - p.y, y1 - p.x];
    default:
      return [x0 + p.x, y1 - p.y];
  }
};
