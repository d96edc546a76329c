import { RENDER_SCALE } from '../geometry/page-geometry.ts';

/** A box's label at 100 % zoom, in CSS pixels. */
const LABEL_PX = 11;
/**
 * Smaller is hard to read: the label stops shrinking here. A phone's fit width (25-38 % of the
 * page's size) would otherwise make it 3-4 px.
 */
const LEGIBLE_PX = 8;
/** The label's line height (editor.module.css `.label`). */
const LABEL_LINE_HEIGHT = 1.2;
/** The box's top and bottom border. */
const BORDERS_PX = 2;

/**
 * The font size of the label drawn on a box: it scales with the zoom like the page (11 px at
 * 100 %) and shrinks to fit a low box, but never below a legible size; in a box lower than
 * that one line, the line stands past the box's bottom rather than being cut through. A label
 * too long for its box ends in an ellipsis (CSS).
 *
 * @example
 * labelFontPx(scaleForZoom(0.38), 11.4); // → 8 (a 20 pt box on a phone)
 */
export const labelFontPx = (scale: number, boxHeightPx: number): number => {
  const zoomed = (LABEL_PX * scale) / RENDER_SCALE;
  const fitsBox = (boxHeightPx - BORDERS_PX) / LABEL_LINE_HEIGHT;
  return Math.floor(Math.max(LEGIBLE_PX, Math.min(zoomed, fitsBox)) * 10) / 10;
};
