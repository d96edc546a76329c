/**
 * Linked text: one value flowing through several boxes in order, possibly across pages (like the
 * continued lines of a paper form). A string fills each box with the lines that fit and the
 * next box goes on; an array puts one item in each box on one line. The chain is one field with
 * one style: every box is drawn at the same size, so when the text does not fit at the field's
 * size the whole chain shrinks, never one box alone (a last box shrunk to 6 pt beside a first
 * at 14 pt read as a different field).
 */
import { normaliseText, drawTextLayout, type TextStyle } from '../../draw-text.ts';
import { shapeText, textMetrics, type ShapedText } from '../../engine-fonts.ts';
import type { LineMetrics } from '../../fonts.ts';
import { singleLineSpace, withMissing, wrappedSpace } from '../../field-text.ts';
import { boxFrame, type FillContext } from '../../fill-context.ts';
import {
  candidateSizes,
  fitSingleLine,
  lineHeight,
  linesThatFit,
  MIN_FONT_SIZE,
  worstFit,
  wrap,
  type LineRange,
  type Space,
  type TextLayout,
} from '../../text-layout.ts';
import type { FieldFit } from '../../fill-result-types.ts';
import type { BoxOnPage, FieldSpec } from '../../types.ts';

/** The boxes of a linked field; a field saved without `boxes` is its own single box. */
const linkedBoxes = (field: FieldSpec): BoxOnPage[] =>
  field.boxes && field.boxes.length > 0 ? field.boxes : [field];

const summarise = (layouts: TextLayout[], missing: string[]): FieldFit =>
  withMissing(
    {
      result: worstFit(layouts.map((l) => l.result)),
      fontSize: layouts.length > 0 ? Math.min(...layouts.map((l) => l.size)) : 0,
    },
    missing,
  );

/**
 * The size every item fits at on one line of its box: the smallest of the items' own fits, so
 * that the chain keeps one style (the editor styles a chain as one field).
 */
const itemsSize = (fits: TextLayout[], fontSize: number) =>
  Math.min(fontSize, ...fits.map((fit) => fit.size));

const drawItems = async (ctx: FillContext, field: FieldSpec, items: string[], style: TextStyle) => {
  const boxes = linkedBoxes(field);
  const placed = [];
  const missing: string[] = [];
  for (const [i, box] of boxes.entries()) {
    const item = items[i];
    if (item === undefined || item === '') continue;
    const { page, frame } = boxFrame(ctx, field.label, box.page, box);
    const shaped = await shapeText(
      ctx.fonts,
      normaliseText(item, false),
      field.fontFamily,
      field.language,
    );
    missing.push(...shaped.missing);
    const m = textMetrics(shaped, field.fontFamily);
    const fit = fitSingleLine(shaped, singleLineSpace(frame), m, field.fontSize);
    placed.push({ page, frame, shaped, m, fit });
  }
  const size = itemsSize(
    placed.map((p) => p.fit),
    field.fontSize,
  );
  const layouts = placed.map(({ page, frame, shaped, m, fit }) => {
    // Every item at the chain's size: one that fits there is drawn whole, one cut at the floor stays cut.
    const layout: TextLayout =
      fit.result === 'truncated'
        ? fit
        : { ...fitSingleLine(shaped, singleLineSpace(frame), m, size), result: fitAt(size, field) };
    drawTextLayout(page, frame, shaped, layout, style);
    return layout;
  });
  const extra = items.slice(boxes.length).some((item) => item !== '');
  if (extra) layouts.push({ size, lines: [], result: 'truncated' });
  return summarise(layouts, missing);
};

const fitAt = (size: number, field: FieldSpec) => (size < field.fontSize ? 'shrunk' : 'fitted');

/**
 * The text flowed through the boxes at one size: each box takes the whole lines that fit its
 * height, the next box goes on from there. `placed` says whether all of it found a place.
 */
const flowAt = (t: ShapedText, spaces: Space[], m: LineMetrics, size: number) => {
  const lines: LineRange[][] = [];
  let start = 0;
  for (const space of spaces) {
    if (start >= t.codes.length) break;
    const wrapped = wrap(t, space.width, size, start);
    const fits = Math.max(0, Math.floor(space.height / lineHeight(m, size) + 1e-9));
    const kept = wrapped.slice(0, fits);
    lines.push(kept);
    start = wrapped[kept.length]?.start ?? t.codes.length;
  }
  return { lines, placed: start >= t.codes.length };
};

/**
 * At the floor size, whatever does not fit: each box takes at least one line, so the text
 * always advances, and the last box's lines are cut to its width.
 */
const flowTruncated = (t: ShapedText, spaces: Space[], m: LineMetrics, size: number) => {
  const lines: LineRange[][] = [];
  let start = 0;
  for (const space of spaces) {
    if (start >= t.codes.length) break;
    const wrapped = wrap(t, space.width, size, start);
    const kept = wrapped.slice(0, linesThatFit(space, m, size));
    lines.push(kept);
    start = wrapped[kept.length]?.start ?? t.codes.length;
  }
  return lines;
};

/**
 * One layout per box, all at one size: the field's size when the text fits the chain, else the
 * largest half-point step that does (the whole chain shrinks, never one box alone), else the
 * floor, cut.
 */
const flowLayouts = (
  t: ShapedText,
  spaces: Space[],
  m: LineMetrics,
  fontSize: number,
): TextLayout[] => {
  for (const size of candidateSizes(fontSize)) {
    const flow = flowAt(t, spaces, m, size);
    if (!flow.placed) continue;
    const wraps = flow.lines.some((lines) => lines.length > 1);
    const result = size < fontSize ? 'shrunk' : wraps ? 'wrapped' : 'fitted';
    return flow.lines.map((lines) => ({ size, lines, result }));
  }
  const floor = Math.min(fontSize, MIN_FONT_SIZE);
  return flowTruncated(t, spaces, m, floor).map((lines) => ({
    size: floor,
    lines,
    result: 'truncated',
  }));
};

const drawFlow = async (ctx: FillContext, field: FieldSpec, value: string, style: TextStyle) => {
  const boxes = linkedBoxes(field);
  const shaped = await shapeText(
    ctx.fonts,
    normaliseText(value, false),
    field.fontFamily,
    field.language,
  );
  const m = textMetrics(shaped, field.fontFamily);
  const spaces = boxes.map((box) => wrappedSpace({ width: box.rectWidth, height: box.rectHeight }));
  const layouts = flowLayouts(shaped, spaces, m, field.fontSize);
  layouts.forEach((layout, i) => {
    // Only boxes the text reaches are drawn on (and their pages checked), as before.
    const box = boxes[i]!;
    const { page, frame } = boxFrame(ctx, field.label, box.page, box);
    const anchor = layout.lines.length > 1 ? 'top' : 'middle';
    drawTextLayout(page, frame, shaped, layout, { ...style, anchor });
  });
  return summarise(layouts, shaped.missing);
};

/** Draws a linked-text value (a string that flows, or one string per box). */
export const drawLinkedText = (
  ctx: FillContext,
  field: FieldSpec,
  value: string | string[],
  style: TextStyle,
): Promise<FieldFit> =>
  Array.isArray(value) ? drawItems(ctx, field, value, style) : drawFlow(ctx, field, value, style);
