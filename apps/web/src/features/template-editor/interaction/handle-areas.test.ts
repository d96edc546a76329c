import { describe, expect, it } from 'vitest';
import {
  handleDrawOrder,
  handleHitArea,
  handleMark,
  type AreaAxis,
  type HandleArea,
} from './handle-areas.ts';
import { handles, type Handle } from './handles.ts';

/** A box 200 × 40 px on screen, its top-left corner at (0, 0). */
const TALL = { width: 200, height: 40 };
/** A one-line box, 24 px high: its middle handles' strips reach its corners'. */
const SHORT = { width: 200, height: 24 };
type Size = { width: number; height: number };

const span = (axis: AreaAxis, length: number) => {
  const from = axis.at * length + axis.offset;
  return { from, to: from + axis.size };
};

const contains = (area: HandleArea, point: { x: number; y: number }, box: Size) => {
  const [x, y] = [span(area.x, box.width), span(area.y, box.height)];
  return point.x >= x.from && point.x <= x.to && point.y >= y.from && point.y <= y.to;
};

/** The handle a press at this point takes, if any: the topmost whose area or square holds it. */
const handleAt = (point: { x: number; y: number }, box = TALL): Handle | undefined => {
  return [...handleDrawOrder]
    .reverse()
    .find(
      (handle) =>
        contains(handleHitArea(handle), point, box) || contains(handleMark(handle), point, box),
    );
};

describe("a selected box's resize handles", () => {
  it('take presses outside the box only on their drawn squares', () => {
    // Just right of the right edge, 1 and 2 px out, between the corner's square and the middle's.
    expect(handleAt({ x: 201, y: 8 })).toBeUndefined();
    expect(handleAt({ x: 202, y: 10 })).toBeUndefined();
    // Just below the bottom edge, between squares.
    expect(handleAt({ x: 60, y: 41 })).toBeUndefined();
    // On the squares' outer halves.
    expect(handleAt({ x: 202, y: 20 })).toBe('right');
    expect(handleAt({ x: 203, y: 43 })).toBe('bottom-right');
    expect(handleAt({ x: -3, y: -3 })).toBe('top-left');
  });

  it('reach into the box along their edge, where nothing else starts', () => {
    expect(handleAt({ x: 194, y: 6 })).toBe('top-right');
    expect(handleAt({ x: 100, y: 34 })).toBe('bottom');
    expect(handleAt({ x: 100, y: 20 })).toBeUndefined();
  });

  it("gives a short box's corners the presses its middle handles' strips would take", () => {
    expect(handleAt({ x: 196, y: 5 }, SHORT)).toBe('top-right');
    expect(handleAt({ x: 4, y: 19 }, SHORT)).toBe('bottom-left');
    expect(handleAt({ x: 196, y: 12 }, SHORT)).toBe('right');
    expect(new Set(handleDrawOrder)).toEqual(new Set(handles));
  });

  it.each(handles)('keeps the %s hit area inside the box and its square on the edge', (handle) => {
    const hit = handleHitArea(handle);
    for (const [axis, length] of [
      [hit.x, TALL.width],
      [hit.y, TALL.height],
    ] as const) {
      const { from, to } = span(axis, length);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(length);
    }
    const mark = handleMark(handle);
    const centre = {
      x: span(mark.x, TALL.width).from + mark.x.size / 2,
      y: span(mark.y, TALL.height).from + mark.y.size / 2,
    };
    expect([0, TALL.width / 2, TALL.width]).toContain(centre.x);
    expect([0, TALL.height / 2, TALL.height]).toContain(centre.y);
  });
});
