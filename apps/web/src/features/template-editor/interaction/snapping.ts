import type { RectPt } from '../geometry/page-geometry.ts';

/** A guide line across the page, at `at` points from the left (x) or the top (y). */
export type Guide = { axis: 'x' | 'y'; at: number };

/** Which edges of the rectangle may move: all of them when moving, some when resizing. */
export type SnapEdges = { left: boolean; right: boolean; top: boolean; bottom: boolean };

export const ALL_EDGES: SnapEdges = { left: true, right: true, top: true, bottom: true };

const xLines = (r: RectPt) => [r.x, r.x + r.width / 2, r.x + r.width];
const yLines = (r: RectPt) => [r.y, r.y + r.height / 2, r.y + r.height];

type Candidate = { delta: number; at: number };

const nearest = (mine: number[], theirs: number[], threshold: number): Candidate | undefined => {
  let best: Candidate | undefined;
  for (const a of mine) {
    for (const b of theirs) {
      const delta = b - a;
      if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta))) {
        best = { delta, at: b };
      }
    }
  }
  return best;
};

const snapAxis = (
  rect: RectPt,
  others: readonly RectPt[],
  threshold: number,
  axis: 'x' | 'y',
  edges: SnapEdges,
): { rect: RectPt; guide?: Guide } => {
  const lines = axis === 'x' ? xLines : yLines;
  const [startOn, endOn] = axis === 'x' ? [edges.left, edges.right] : [edges.top, edges.bottom];
  const isMove = startOn && endOn;
  const [start, middle, end] = lines(rect) as [number, number, number];
  const mine = isMove ? [start, middle, end] : startOn ? [start] : endOn ? [end] : [];
  const found = nearest(mine, others.flatMap(lines), threshold);
  if (!found) return { rect };
  const pos = axis === 'x' ? 'x' : 'y';
  const size = axis === 'x' ? 'width' : 'height';
  const next = { ...rect };
  if (isMove) next[pos] += found.delta;
  else if (startOn) {
    next[pos] += found.delta;
    next[size] -= found.delta;
  } else next[size] += found.delta;
  return { rect: next, guide: { axis, at: found.at } };
};

/**
 * Snaps the moving edges of a rectangle to the edges and centres of other boxes on the same page
 * when they come within `thresholdPt`, and says where to draw the guide lines.
 */
export const snapRect = (
  rect: RectPt,
  others: readonly RectPt[],
  thresholdPt: number,
  edges: SnapEdges = ALL_EDGES,
): { rect: RectPt; guides: Guide[] } => {
  const x = snapAxis(rect, others, thresholdPt, 'x', edges);
  const y = snapAxis(x.rect, others, thresholdPt, 'y', edges);
  return { rect: y.rect, guides: [x.guide, y.guide].filter((g) => g !== undefined) };
};
