/**
 * Drawing laid-out text into a field box. Everything is drawn in the box's own upright frame
 * (pdf-user-space.ts displayRectTransform) and inside a clip of the box, so a rotated page or a
 * rounding error can never put ink outside the box.
 */
import { rgb, type RGB } from '@cantoo/pdf-lib';
import { drawShapedLine } from './draw-glyphs.ts';
import { textMetrics, type ShapedText } from './engine-fonts.ts';
import type { LineMetrics } from './fonts.ts';
import { concat, showText, type PageCanvas } from './page-canvas.ts';
import type { Matrix } from './pdf-user-space.ts';
import { num } from './pdf-syntax.ts';
import { lineHeight, rangeWidth, type LineRange, type TextLayout } from './text-layout.ts';
import type { FontFamily, TextAlign } from './types.ts';

/** How text looks, from the field. */
export interface TextStyle {
  family: FontFamily;
  align: TextAlign;
  color: RGB;
  /** Where a block of lines sits: centred (one-line fields) or from the top (long text). */
  anchor: 'middle' | 'top';
}

/** The box to draw in: its matrix to user space and its size in points. */
export interface BoxFrame {
  matrix: Matrix;
  width: number;
  height: number;
}

/** A box's size in points. */
export type BoxSize = Pick<BoxFrame, 'width' | 'height'>;

/** Side padding, so text does not touch the box's border lines. */
export const paddingFor = (frame: BoxSize) => Math.min(2, frame.width / 10);

// Control characters have no glyph; newlines are kept only where lines may break.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** Cleans a value for drawing: one line, or lines separated by "\n". */
const NEEDS_CLEANING = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex -- as above

export const normaliseText = (value: string, isMultiline: boolean): string => {
  if (!NEEDS_CLEANING.test(value)) return value;
  const unified = value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  const oneOrMore = isMultiline ? unified : unified.replace(/\n/g, ' ');
  return oneOrMore.replace(CONTROL, '');
};

const readColor = (hex: string): RGB => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return rgb(0, 0, 0);
  return rgb(
    parseInt(match[1]!, 16) / 255,
    parseInt(match[2]!, 16) / 255,
    parseInt(match[3]!, 16) / 255,
  );
};

// A form uses a handful of colours; each is read once, not once per field and document.
const colors = new Map<string, RGB>();
const MAX_COLORS = 1024;

/** `#rrggbb` to a pdf-lib colour; anything else is black. The result is shared: never change it. */
export const parseColor = (hex: string): RGB => {
  let color = colors.get(hex);
  if (!color) {
    if (colors.size >= MAX_COLORS) colors.clear();
    color = readColor(hex);
    colors.set(hex, color);
  }
  return color;
};

// Frames are shared between the documents of a template (fill-context.ts), and so is this text.
const clipOperators = new WeakMap<BoxFrame, string>();

/** Starts drawing in a box's frame, clipped to the box; pair with {@link endBox}. */
export const beginBox = (page: PageCanvas, frame: BoxFrame) => {
  let operators = clipOperators.get(frame);
  if (operators === undefined) {
    operators = `q\n${concat(frame.matrix)}\n0 0 ${num(frame.width)} ${num(frame.height)} re\nW\nn`;
    clipOperators.set(frame, operators);
  }
  page.push(operators);
};

export const endBox = (page: PageCanvas) => page.push('Q');

const alignedX = (align: TextAlign, lineWidth: number, frame: BoxSize, pad: number) => {
  if (align === 'center') return (frame.width - lineWidth) / 2;
  if (align === 'right') return frame.width - pad - lineWidth;
  return pad;
};

/**
 * Characters [start, end) as a string. Without surrogate pairs character i is UTF-16 unit i, and
 * slicing the text is far cheaper than joining characters (that join was a tenth of the time of
 * a standard-font document); text with emoji is built from its code points.
 */
const charsText = (t: ShapedText, start: number, end: number) =>
  t.text.length === t.codes.length
    ? t.text.slice(start, end)
    : String.fromCodePoint(...t.codes.slice(start, end));

/** Draws one line's characters, one text object per run of the same font. */
const drawLine = (
  page: PageCanvas,
  t: ShapedText,
  r: LineRange,
  at: { x: number; y: number; size: number; color: RGB },
) => {
  if (t.items) {
    drawShapedLine(page, { items: t.items, codes: t.codes }, r, at);
    return;
  }
  let x = at.x;
  let i = r.start;
  while (i < r.end) {
    const font = t.fonts[i]!;
    let j = i;
    while (j < r.end && t.fonts[j] === font) j++;
    const text = charsText(t, i, j);
    showText(page, { font, text }, { x, y: at.y, size: at.size, color: at.color });
    if (j < r.end) x += font.widthOfTextAtSize(text, at.size); // only a following run needs it
    i = j;
  }
};

/** The baseline of the first line. */
const firstBaseline = (m: LineMetrics, layout: TextLayout, frame: BoxSize, style: TextStyle) => {
  const block = lineHeight(m, layout.size) * layout.lines.length;
  const pad = paddingFor(frame);
  const top = style.anchor === 'top' ? frame.height - pad * 0.5 : (frame.height + block) / 2;
  return Math.min(top, frame.height) - m.ascent * layout.size;
};

/**
 * Draws laid-out text in a rectangle of the frame the caller has begun, aligned, with no clip of
 * its own: a table's cells, whose lines are wrapped to their column and counted to their row, and
 * which one clip of the table's box bounds (a clip per cell cost a tenth of a table's time).
 */
export const drawTextIn = (
  page: PageCanvas,
  area: BoxSize & { x: number; y: number },
  t: ShapedText,
  layout: TextLayout,
  style: TextStyle,
) => {
  const m = textMetrics(t, style.family);
  const pad = paddingFor(area);
  let y = area.y + firstBaseline(m, layout, area, style);
  for (const line of layout.lines) {
    const x = area.x + alignedX(style.align, rangeWidth(t, line, layout.size), area, pad);
    drawLine(page, t, line, { x, y, size: layout.size, color: style.color });
    y -= lineHeight(m, layout.size);
  }
};

/** Draws laid-out text into a box, aligned and clipped. */
export const drawTextLayout = (
  page: PageCanvas,
  frame: BoxFrame,
  t: ShapedText,
  layout: TextLayout,
  style: TextStyle,
) => {
  beginBox(page, frame);
  drawTextIn(page, { x: 0, y: 0, width: frame.width, height: frame.height }, t, layout, style);
  endBox(page);
};
