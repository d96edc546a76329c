/**
 * THE conversion between screen pixels and page points (conventions.md#the-editor, product.md#where-we-differ-from-the-first-specification-and-why).
 *
 * The model stores rectangles in PDF points from the top-left corner of each page AS DISPLAYED
 * (after /Rotate and the CropBox), with each page's real size. pdf.js renders pages as displayed,
 * so a rendered page is the displayed page times one scale: nothing else is needed to go between
 * the two spaces. Screen-unit thresholds (the 10-unit minimum box, snapping distance, handle size)
 * are converted here too. The way back to the screen and the mapping to PDF user space are
 * needed only by tests (apps/web/test/page-spaces.ts).
 */

export type PagePoint = { x: number; y: number } & { readonly __space: 'page-pt' };
export type ScreenPoint = { x: number; y: number } & { readonly __space: 'screen-px' };

/** A rectangle in page points, top-left origin. */
export type RectPt = { x: number; y: number; width: number; height: number };

/** A page as drawn: the top-left of its client rect and CSS pixels per PDF point. */
export type PageView = { rect: { left: number; top: number }; scale: number };

/** A page's displayed size in points (the server's `pages`). */
export type PageSize = { width: number; height: number };

/** product.md#constants: pages are rendered at scale 1.5 at 100 % zoom. */
export const RENDER_SCALE = 1.5;
/** product.md#states-and-transitions: a drawn box under 10 screen units wide or high is discarded. */
export const MIN_BOX_SIZE_PX = 10;
/** Edges closer than this on screen snap together. */
export const SNAP_DISTANCE_PX = 5;
/** The zoom buttons' range. Fit width may go lower (`fitMin`), so a page fits a phone's width. */
export const ZOOM = { min: 0.5, max: 2, step: 0.1, fitMin: 0.2 } as const;

export const pagePoint = (x: number, y: number) => ({ x, y }) as PagePoint;
export const screenPoint = (x: number, y: number) => ({ x, y }) as ScreenPoint;

/** CSS pixels per point for a zoom factor (1 = 100 %). */
export const scaleForZoom = (zoom: number): number => RENDER_SCALE * zoom;

export const clampZoom = (zoom: number): number =>
  Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(zoom * 100) / 100));

/** The zoom at which the widest page fills the available width, within 20–200 %. */
export const fitWidthZoom = (availableWidthPx: number, pages: readonly PageSize[]): number => {
  const widest = Math.max(1, ...pages.map((page) => page.width));
  const zoom = Math.round((availableWidthPx / (widest * RENDER_SCALE)) * 100) / 100;
  return Math.min(ZOOM.max, Math.max(ZOOM.fitMin, zoom));
};

export const screenToPage = (p: ScreenPoint, v: PageView): PagePoint =>
  pagePoint((p.x - v.rect.left) / v.scale, (p.y - v.rect.top) / v.scale);

/** A length on screen in points (thresholds: minimum box size, snapping distance). */
export const screenLengthToPage = (px: number, scale: number): number => px / scale;

/** A page rectangle as CSS pixels inside its page element (left/top relative to the page). */
export const rectToCss = (rect: RectPt, scale: number) => ({
  left: rect.x * scale,
  top: rect.y * scale,
  width: rect.width * scale,
  height: rect.height * scale,
});

/** The page's size on screen. */
export const pageSizeToCss = (page: PageSize, scale: number) => ({
  width: page.width * scale,
  height: page.height * scale,
});

/** The rectangle spanned by two page points, in either order. */
export const rectFromCorners = (a: PagePoint, b: PagePoint): RectPt => ({
  x: Math.min(a.x, b.x),
  y: Math.min(a.y, b.y),
  width: Math.abs(a.x - b.x),
  height: Math.abs(a.y - b.y),
});

/** Whether a drawn rectangle is big enough to keep, judged in screen units as product.md#states-and-transitions says. */
export const isBigEnoughOnScreen = (rect: RectPt, scale: number): boolean =>
  rect.width * scale >= MIN_BOX_SIZE_PX && rect.height * scale >= MIN_BOX_SIZE_PX;

export const isSameRect = (a: RectPt, b: RectPt): boolean =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** Moves and trims a rectangle so that it lies on the page. */
export const clampRectToPage = (rect: RectPt, page: PageSize): RectPt => {
  const width = Math.min(rect.width, page.width);
  const height = Math.min(rect.height, page.height);
  return {
    x: Math.min(Math.max(0, rect.x), page.width - width),
    y: Math.min(Math.max(0, rect.y), page.height - height),
    width,
    height,
  };
};

export const clampPointToPage = (p: PagePoint, page: PageSize): PagePoint =>
  pagePoint(Math.min(Math.max(0, p.x), page.width), Math.min(Math.max(0, p.y), page.height));

/** Rounds to 1/100 pt: what the server stores, and what keeps undo snapshots tidy. */
const roundPt = (value: number): number => Math.round(value * 100) / 100;

export const roundRect = (rect: RectPt): RectPt => ({
  x: roundPt(rect.x),
  y: roundPt(rect.y),
  width: roundPt(rect.width),
  height: roundPt(rect.height),
});

/**
 * The smallest box in page points: product.md#states-and-transitions's 10 screen units on a page drawn at the render scale
 * (100 % zoom, the original's only view). The model never holds a smaller box, whatever sets
 * it: the W/H inputs, a resize or a drawing at a high zoom. Gestures at a low zoom also keep
 * 10 px on screen (`MIN_BOX_SIZE_PX`).
 */
export const MIN_BOX_SIZE_PT = roundPt(screenLengthToPage(MIN_BOX_SIZE_PX, RENDER_SCALE));

/** A rectangle grown, if needed, to the minimum box size (its top-left corner stays). */
const withMinSize = (rect: RectPt): RectPt => ({
  ...rect,
  width: Math.max(rect.width, MIN_BOX_SIZE_PT),
  height: Math.max(rect.height, MIN_BOX_SIZE_PT),
});

/** What the model stores for a rectangle on a page: at least the minimum, on the page, rounded. */
export const fitRectToPage = (rect: RectPt, page: PageSize): RectPt =>
  roundRect(clampRectToPage(withMinSize(rect), page));
