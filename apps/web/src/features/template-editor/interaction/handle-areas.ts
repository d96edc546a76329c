import { handles, type Handle } from './handles.ts';

/** The drawn square of a handle, centred on the box's edge (product.md#states-and-transitions). */
const MARK_PX = 8;
/** How far a handle's hit area reaches into the box, from its edge. */
const REACH_IN_PX = 8;
/** A middle handle's hit area along its edge. */
const ALONG_EDGE_PX = 16;

/**
 * One axis of a box-relative area: it starts at `at` of the box's length (0, the middle or the
 * whole) plus `offset` pixels, and is `size` pixels long.
 */
export type AreaAxis = { at: 0 | 0.5 | 1; offset: number; size: number };
export type HandleArea = { x: AreaAxis; y: AreaAxis };

const start: AreaAxis = { at: 0, offset: 0, size: REACH_IN_PX };
const middle: AreaAxis = { at: 0.5, offset: -ALONG_EDGE_PX / 2, size: ALONG_EDGE_PX };
const end: AreaAxis = { at: 1, offset: -REACH_IN_PX, size: REACH_IN_PX };

const alongX = (handle: Handle) =>
  handle.endsWith('left') ? start : handle.endsWith('right') ? end : middle;
const alongY = (handle: Handle) =>
  handle.startsWith('top') ? start : handle.startsWith('bottom') ? end : middle;

/**
 * Where a press takes a handle rather than starting a new box: inside the box, a strip along its
 * edge; outside it, only the drawn square. A press just past the box (the next table cell) thus
 * draws a new box, whatever the zoom, unless it lands on a square.
 */
export const handleHitArea = (handle: Handle): HandleArea => ({
  x: alongX(handle),
  y: alongY(handle),
});

/** The drawn square, centred on the edge point the handle sits on. */
export const handleMark = (handle: Handle): HandleArea => {
  const square = (axis: AreaAxis): AreaAxis => ({
    at: axis.at,
    offset: -MARK_PX / 2,
    size: MARK_PX,
  });
  const { x, y } = handleHitArea(handle);
  return { x: square(x), y: square(y) };
};

const isCorner = (handle: Handle) => handle.includes('-');
/**
 * The order the handles are drawn in, the last on top: on a short box a middle handle's strip
 * reaches into a corner's, and the corner wins.
 */
export const handleDrawOrder: readonly Handle[] = [
  ...handles.filter((handle) => !isCorner(handle)),
  ...handles.filter(isCorner),
];
