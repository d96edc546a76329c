import { describe, expect, it } from 'vitest';
import { inkBounds } from './ink-bounds.ts';

/** A transparent RGBA image of the size given, with ink at the points given. */
const image = (width: number, height: number, inked: [number, number][]) => {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of inked) rgba[(y * width + x) * 4 + 3] = 255;
  return rgba;
};

describe('inkBounds', () => {
  it('is the smallest rectangle holding every inked pixel', () => {
    expect(
      inkBounds(
        image(10, 8, [
          [2, 3],
          [6, 5],
          [4, 1],
        ]),
        10,
        8,
      ),
    ).toEqual({
      x: 2,
      y: 1,
      width: 5,
      height: 5,
    });
  });

  it('keeps a margin around the ink, never past the image', () => {
    expect(
      inkBounds(
        image(10, 8, [
          [1, 6],
          [8, 2],
        ]),
        10,
        8,
        3,
      ),
    ).toEqual({
      x: 0,
      y: 0,
      width: 10,
      height: 8,
    });
  });

  it('is undefined for a pad nothing was drawn on', () => {
    expect(inkBounds(image(4, 4, []), 4, 4)).toBeUndefined();
  });
});
