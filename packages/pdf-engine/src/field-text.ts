/** Text-like fields: one line (text, date, number, e-mail), long text (wraps), and combs. */
import {
  normaliseText,
  paddingFor,
  drawTextLayout,
  type BoxFrame,
  type BoxSize,
  type TextStyle,
} from './draw-text.ts';
import { shapeText, textMetrics, type ShapedText } from './engine-fonts.ts';
import { boxFrame, type FillContext } from './fill-context.ts';
import { whenReady, type MaybePromise } from './maybe-async.ts';
import {
  fitSingleLine,
  fitWrapped,
  lineHeight,
  MIN_FONT_SIZE,
  type TextLayout,
} from './text-layout.ts';
import type { FieldFit } from './fill-result-types.ts';
import type { FieldSpec } from './types.ts';

/** Keeps at most maxLength characters (code points, so no emoji is cut in half). */
const limitLength = (text: string, maxLength: number | undefined) => {
  if (maxLength === undefined || maxLength <= 0) return { text, isCut: false };
  const chars = Array.from(text);
  return { text: chars.slice(0, maxLength).join(''), isCut: chars.length > maxLength };
};

export const singleLineSpace = (frame: BoxSize) => ({
  width: frame.width - 2 * paddingFor(frame),
  height: frame.height,
});

export const wrappedSpace = (frame: BoxSize) => ({
  width: frame.width - 2 * paddingFor(frame),
  height: frame.height - paddingFor(frame),
});

/** One character per cell, each centred: the font shrinks until the widest character fits its cell. */
const drawComb = (
  ctx: FillContext,
  field: FieldSpec,
  t: ShapedText,
  style: TextStyle,
): FieldFit => {
  const { page, frame } = boxFrame(ctx, field.label, field.page, field);
  const cells = field.maxLength!;
  const cellWidth = frame.width / cells;
  const widest = Math.max(0, ...t.widths);
  const m = textMetrics(t, field.fontFamily);
  const best = Math.min(
    field.fontSize,
    widest > 0 ? (cellWidth * 0.9) / widest : Infinity,
    frame.height / lineHeight(m, 1),
  );
  const size = Math.max(Math.min(field.fontSize, MIN_FONT_SIZE), Math.floor(best * 10) / 10);
  t.codes.forEach((_, i) => {
    const cell: BoxFrame = {
      ...frame,
      width: cellWidth,
      matrix: shiftMatrix(frame, i * cellWidth),
    };
    const layout: TextLayout = { size, lines: [{ start: i, end: i + 1 }], result: 'fitted' };
    drawTextLayout(page, cell, t, layout, { ...style, align: 'center', anchor: 'middle' });
  });
  const result = best >= field.fontSize ? 'fitted' : best >= MIN_FONT_SIZE ? 'shrunk' : 'truncated';
  return { result, fontSize: size };
};

/** The frame's matrix moved `dx` points to the right along the box's own x axis. */
const shiftMatrix = (frame: BoxFrame, dx: number): BoxFrame['matrix'] => {
  const [a, b, c, d, e, f] = frame.matrix;
  return [a, b, c, d, e + a * dx, f + b * dx];
};

const codePoint = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** A fit with the characters no font could print, when there are any: it says so as its result. */
export const withMissing = (fit: FieldFit, missing: readonly string[]): FieldFit => {
  if (missing.length === 0) return fit;
  const characters = [...new Set(missing)];
  return {
    ...fit,
    result: 'missing_glyphs',
    missingGlyphs: characters,
    missingCodePoints: characters.map(codePoint),
  };
};

/** Draws a text, date, number, e-mail or long-text value; returns how it fitted. */
export const drawTextField = (
  ctx: FillContext,
  field: FieldSpec,
  value: string,
  style: TextStyle,
): MaybePromise<FieldFit> => {
  const isLong = field.type === 'long_text';
  const limited = limitLength(normaliseText(value, isLong), field.maxLength);
  return whenReady(
    shapeText(ctx.fonts, limited.text, field.fontFamily, field.language),
    (shaped) => {
      if (field.comb && field.maxLength) {
        const fit = drawComb(ctx, field, shaped, style);
        return withMissing(limited.isCut ? { ...fit, result: 'truncated' } : fit, shaped.missing);
      }
      const { page, frame } = boxFrame(ctx, field.label, field.page, field);
      const m = textMetrics(shaped, field.fontFamily);
      const layout = isLong
        ? fitWrapped(shaped, wrappedSpace(frame), m, field.fontSize)
        : fitSingleLine(shaped, singleLineSpace(frame), m, field.fontSize);
      drawTextLayout(page, frame, shaped, layout, { ...style, anchor: isLong ? 'top' : 'middle' });
      const result = limited.isCut ? 'truncated' : layout.result;
      return withMissing({ result, fontSize: layout.size }, shaped.missing);
    },
  );
};
