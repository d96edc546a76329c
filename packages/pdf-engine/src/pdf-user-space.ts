/**
 * THE conversion between the stored model and PDF user space; nothing else in the engine flips
 * or rotates coordinates.
 *
 * The model stores points with the origin at the top-left of the page AS DISPLAYED: the visible
 * area is the CropBox (the MediaBox when there is none), which need not start at (0, 0), and
 * viewers turn the page clockwise by /Rotate. PDF user space starts bottom-left of the unrotated
 * MediaBox coordinate system, y up. So, with the visible box [x0 y0 x1 y1], a displayed point
 * (X, Y) lands at:
 *   /Rotate   0: (x0 + X, y1 - Y)      displayed top-left is the box's top-left
 *   /Rotate  90: (x0 + Y, y0 + X)      ... its bottom-left (the left edge became the top)
 *   /Rotate 180: (x1 - X, y0 + Y)      ... its bottom-right
 *   /Rotate 270: (x1 - Y, y1 - X)      ... its top-right
 */
import type { PageRotation, PdfBox } from './analysis-types.ts';
import type { DisplayRect } from './types.ts';

/** A point in displayed page space (points, origin top-left, y down). */
export type DisplayPoint = { x: number; y: number } & { readonly __space: 'display-pt' };
/** A point in PDF user space (points, origin bottom-left of the MediaBox system, y up). */
export type UserPoint = { x: number; y: number } & { readonly __space: 'user-pt' };

/**
 * What the conversion needs to know about a page (PageInfo's `cropBox` and `rotation`).
 *
 * @example
 * const g: PageGeometry = { visibleBox: info.cropBox, rotation: info.rotation };
 */
export interface PageGeometry {
  /** The visible area in user space: the CropBox clipped to the MediaBox. */
  visibleBox: PdfBox;
  rotation: PageRotation;
}

/** A PDF transformation matrix [a b c d e f]. */
export type Matrix = [number, number, number, number, number, number];

export const displayPoint = (x: number, y: number) => ({ x, y }) as DisplayPoint;
const userPoint = (x: number, y: number) => ({ x, y }) as UserPoint;

/** Any /Rotate value to one of the four a viewer honours (multiples of 90, negatives wrap). */
export const normaliseRotation = (raw: number): PageRotation => {
  if (!Number.isFinite(raw)) return 0;
  const quarterTurns = Math.round(raw / 90);
  return ((((quarterTurns % 4) + 4) % 4) * 90) as PageRotation;
};

/** A box from the four numbers of a PDF rectangle, in whatever corner order they come. */
export const boxFromCorners = (x0: number, y0: number, x1: number, y1: number): PdfBox => ({
  x: Math.min(x0, x1),
  y: Math.min(y0, y1),
  width: Math.abs(x1 - x0),
  height: Math.abs(y1 - y0),
});

/** The visible area: the CropBox clipped to the MediaBox, as viewers show it. */
export const visibleBox = (mediaBox: PdfBox, cropBox: PdfBox | undefined): PdfBox => {
  if (!cropBox) return mediaBox;
  const x0 = Math.max(mediaBox.x, cropBox.x);
  const y0 = Math.max(mediaBox.y, cropBox.y);
  const x1 = Math.min(mediaBox.x + mediaBox.width, cropBox.x + cropBox.width);
  const y1 = Math.min(mediaBox.y + mediaBox.height, cropBox.y + cropBox.height);
  // A CropBox entirely outside the MediaBox is an error in the file; viewers fall back.
  return x1 > x0 && y1 > y0 ? boxFromCorners(x0, y0, x1, y1) : mediaBox;
};

/**
 * The page's size as displayed, in points.
 *
 * @example
 * displayedSize({ visibleBox: { x: 0, y: 0, width: 612, height: 792 }, rotation: 90 });
 * // { width: 792, height: 612 }
 */
export const displayedSize = (g: PageGeometry): { width: number; height: number } => {
  const { width, height } = g.visibleBox;
  return g.rotation % 180 === 0 ? { width, height } : { width: height, height: width };
};

/** A displayed point to PDF user space. */
export const toUserPoint = (g: PageGeometry, p: DisplayPoint): UserPoint => {
  const { x: x0, y: y0, width, height } = g.visibleBox;
  const x1 = x0 + width;
  const y1 = y0 + height;
  switch (g.rotation) {
    case 0:
      return userPoint(x0 + p.x, y1 - p.y);
    case 90:
      return userPoint(x0 + p.y, y0 + p.x);
    case 180:
      return userPoint(x1 - p.x, y0 + p.y);
    case 270:
      return userPoint(x1 - p.y, y1 - p.x);
  }
};

/** A PDF user-space point to the displayed page (the inverse of {@link toUserPoint}). */
export const toDisplayPoint = (g: PageGeometry, p: UserPoint): DisplayPoint => {
  const { x: x0, y: y0, width, height } = g.visibleBox;
  const x1 = x0 + width;
  const y1 = y0 + height;
  switch (g.rotation) {
    case 0:
      return displayPoint(p.x - x0, y1 - p.y);
    case 90:
      return displayPoint(p.y - y0, p.x - x0);
    case 180:
      return displayPoint(x1 - p.x, p.y - y0);
    case 270:
      return displayPoint(y1 - p.y, x1 - p.x);
  }
};

/**
 * A displayed rectangle to the user-space box it covers.
 *
 * @example
 * const letter = { visibleBox: { x: 0, y: 0, width: 612, height: 792 }, rotation: 0 as const };
 * displayRectToPdfBox(letter, { rectX: 50, rectY: 60, rectWidth: 200, rectHeight: 24 });
 * // { x: 50, y: 708, width: 200, height: 24 }
 */
export const displayRectToPdfBox = (g: PageGeometry, r: DisplayRect): PdfBox => {
  const a = toUserPoint(g, displayPoint(r.rectX, r.rectY));
  const b = toUserPoint(g, displayPoint(r.rectX + r.rectWidth, r.rectY + r.rectHeight));
  return boxFromCorners(a.x, a.y, b.x, b.y);
};

/**
 * A user-space box (e.g. a widget's /Rect) to the displayed rectangle it covers.
 *
 * @example
 * pdfBoxToDisplayRect(letter, { x: 50, y: 708, width: 200, height: 24 });
 * // { rectX: 50, rectY: 60, rectWidth: 200, rectHeight: 24 }
 */
export const pdfBoxToDisplayRect = (g: PageGeometry, box: PdfBox): DisplayRect => {
  const a = toDisplayPoint(g, userPoint(box.x, box.y));
  const b = toDisplayPoint(g, userPoint(box.x + box.width, box.y + box.height));
  return {
    rectX: Math.min(a.x, b.x),
    rectY: Math.min(a.y, b.y),
    rectWidth: Math.abs(b.x - a.x),
    rectHeight: Math.abs(b.y - a.y),
  };
};

/**
 * The matrix that lets drawing code work in an upright, unrotated box: local (0, 0) is the box's
 * bottom-left as displayed, x runs right and y up on screen, in points. Text drawn through it
 * reads upright in a viewer whatever the page's /Rotate.
 */
export const displayRectTransform = (g: PageGeometry, r: DisplayRect): Matrix => {
  const origin = toUserPoint(g, displayPoint(r.rectX, r.rectY + r.rectHeight));
  const right = toUserPoint(g, displayPoint(r.rectX + 1, r.rectY + r.rectHeight));
  const up = toUserPoint(g, displayPoint(r.rectX, r.rectY + r.rectHeight - 1));
  return [
    right.x - origin.x,
    right.y - origin.y,
    up.x - origin.x,
    up.y - origin.y,
    origin.x,
    origin.y,
  ];
};
