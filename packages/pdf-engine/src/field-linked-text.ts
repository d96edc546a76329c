/**
 * Linked text: one value flowing through several boxes in order, possibly across pages (like the
 * continued lines of a paper form). A string fills each box with the lines that fit at the
 * field's size and the last box takes the rest, shrinking if it must. An array puts one item in
 * each box, each fitted like a one-line field.
 */
import { normaliseText, drawTextLayout, type TextStyle } from './draw-text.ts';
import { shapeText, textMetrics } from './engine-fonts.ts';
import { singleLineSpace, withMissing, wrappedSpace } from './field-text.ts';
import { boxFrame, type FillContext } from './fill-context.ts';
import {
  fitSingleLine,
  fitWrapped,
  linesThatFit,
  worstFit,
  wrap,
  type TextLayout,
} from './text-layout.ts';
import type { FieldBox, FieldFit, FieldSpec } from './types.ts';

/** The boxes of a linked field; a field saved without `boxes` is its own single box. */
export const linkedBoxes = (field: FieldSpec): FieldBox[] =>
  field.boxes && field.boxes.length > 0 ? field.boxes : [field];

const summarise = (layouts: TextLayout[], missing: string[]): FieldFit =>
  withMissing(
    {
      result: worstFit(layouts.map((l) => l.result)),
      fontSize: layouts.length > 0 ? Math.min(...layouts.map((l) => l.size)) : 0,
    },
    missing,
  );

const drawItems = async (ctx: FillContext, field: FieldSpec, items: string[], style: TextStyle) => {
  const boxes = linkedBoxes(field);
  const layouts: TextLayout[] = [];
  const missing: string[] = [];
  for (const [i, box] of boxes.entries()) {
    const item = items[i];
    if (item === undefined || item === '') continue;
    const { page, frame } = boxFrame(ctx, field.label, box.page, box);
    const shaped = await shapeText(ctx.fonts, normaliseText(item, false), field.fontFamily);
    missing.push(...shaped.missing);
    const layout = fitSingleLine(
      shaped,
      singleLineSpace(frame),
      textMetrics(shaped, field.fontFamily),
      field.fontSize,
    );
    drawTextLayout(page, frame, shaped, layout, style);
    layouts.push(layout);
  }
  const extra = items.slice(boxes.length).some((item) => item !== '');
  if (extra) layouts.push({ size: field.fontSize, lines: [], result: 'truncated' });
  return summarise(layouts, missing);
};

const drawFlow = async (ctx: FillContext, field: FieldSpec, value: string, style: TextStyle) => {
  const boxes = linkedBoxes(field);
  const shaped = await shapeText(ctx.fonts, normaliseText(value, false), field.fontFamily);
  const m = textMetrics(shaped, field.fontFamily);
  const layouts: TextLayout[] = [];
  let start = 0;
  for (const [i, box] of boxes.entries()) {
    if (start >= shaped.codes.length) break;
    const { page, frame } = boxFrame(ctx, field.label, box.page, box);
    const isLast = i === boxes.length - 1;
    let layout: TextLayout;
    if (isLast) {
      layout = fitWrapped(shaped, wrappedSpace(frame), m, field.fontSize, start);
    } else {
      const lines = wrap(shaped, wrappedSpace(frame).width, field.fontSize, start);
      const kept = lines.slice(0, linesThatFit(wrappedSpace(frame), m, field.fontSize));
      layout = { size: field.fontSize, lines: kept, result: 'fitted' };
      start = lines[kept.length]?.start ?? shaped.codes.length;
    }
    const anchor = layout.lines.length > 1 ? 'top' : 'middle';
    drawTextLayout(page, frame, shaped, layout, { ...style, anchor });
    layouts.push(layout);
  }
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
