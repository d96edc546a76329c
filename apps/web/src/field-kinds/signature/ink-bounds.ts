/** A rectangle of canvas pixels. */
export type PixelRect = { x: number; y: number; width: number; height: number };

/**
 * The smallest rectangle holding every pixel with ink (alpha above zero) of an RGBA image, with
 * `margin` pixels around it kept inside the image; undefined when nothing is drawn. A signature
 * is cropped to it before it is sent, so it fills its field's box instead of floating in the
 * pad's empty space.
 */
export const inkBounds = (
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  margin = 0,
): PixelRect | undefined => {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return undefined;
  const x = Math.max(0, left - margin);
  const y = Math.max(0, top - margin);
  return {
    x,
    y,
    width: Math.min(width - 1, right + margin) - x + 1,
    height: Math.min(height - 1, bottom + margin) - y + 1,
  };
};
