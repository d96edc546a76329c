import type { RectPt } from '../geometry/page-geometry.ts';
import type { SnapEdges } from './snapping.ts';

/** product.md#states-and-transitions's eight resize handles. */
export const handles = [
  'top-left',
  'top',
  'top-right',
  'right',
  'bottom-right',
  'bottom',
  'bottom-left',
  'left',
] as const;
export type Handle = (typeof handles)[number];

export const edgesOf = (handle: Handle): SnapEdges => ({
  left: handle.endsWith('left'),
  right: handle.endsWith('right'),
  top: handle.startsWith('top'),
  bottom: handle.startsWith('bottom'),
});

/**
 * The rectangle after dragging one handle by (dx, dy) points. An edge never crosses the opposite
 * one: the box keeps at least `minPt` on each side.
 */
export const resizeRect = (
  before: RectPt,
  handle: Handle,
  delta: { dx: number; dy: number },
  minPt: number,
): RectPt => {
  const edges = edgesOf(handle);
  let left = before.x;
  let top = before.y;
  let right = before.x + before.width;
  let bottom = before.y + before.height;
  if (edges.left) left = Math.min(left + delta.dx, right - minPt);
  if (edges.right) right = Math.max(right + delta.dx, left + minPt);
  if (edges.top) top = Math.min(top + delta.dy, bottom - minPt);
  if (edges.bottom) bottom = Math.max(bottom + delta.dy, top + minPt);
  return { x: left, y: top, width: right - left, height: bottom - top };
};
