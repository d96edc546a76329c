import { describe, expect, it } from 'vitest';
import { scaleForZoom } from '../geometry/page-geometry.ts';
import { labelFontPx } from './field-label-size.ts';

describe('the label drawn on a box', () => {
  it('is 11 px at 100 % zoom and scales with the zoom', () => {
    expect(labelFontPx(scaleForZoom(1), 30)).toBe(11);
    expect(labelFontPx(scaleForZoom(2), 60)).toBe(22);
    expect(labelFontPx(scaleForZoom(0.8), 30)).toBe(8.8);
  });

  it('stays legible at a phone’s zoom, where scaling alone would make it 3-4 px', () => {
    expect(labelFontPx(scaleForZoom(0.38), 20 * scaleForZoom(0.38))).toBe(8);
    expect(labelFontPx(scaleForZoom(0.25), 20 * scaleForZoom(0.25))).toBe(8);
  });

  it('shrinks to the height of a low box, down to the legible size', () => {
    expect(labelFontPx(scaleForZoom(2), 14)).toBe(10);
    expect(labelFontPx(scaleForZoom(1), 9)).toBe(8);
  });
});
