/** Checkboxes, radio buttons and images: drawn contained and centred in their box. */
import type { RGB } from '@cantoo/pdf-lib';
import { beginBox, endBox } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import { boxFrame, type FillContext } from './fill-context.ts';
import { readImageHeader } from './image-header.ts';
import { fillColor, strokeColor } from './page-canvas.ts';
import { num, nums } from './pdf-syntax.ts';
import type { FieldFit } from './fill-result-types.ts';
import type { FieldSpec } from './types.ts';

/** Larger pictures are refused: pdf-lib decodes PNGs whole (4 bytes per pixel). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const FITTED: FieldFit = { result: 'fitted', fontSize: 0 };

/** A tick drawn as two strokes, so it needs no font with a ✓ glyph. */
export const drawCheckMark = (ctx: FillContext, field: FieldSpec, color: RGB): FieldFit => {
  const { page, frame } = boxFrame(ctx, field.label, field.page, field);
  const side = Math.min(frame.width, frame.height) * 0.8;
  const x0 = (frame.width - side) / 2;
  const y0 = (frame.height - side) / 2;
  beginBox(page, frame);
  page.push(
    strokeColor(color),
    `${num(side * 0.12)} w`,
    '1 J', // round caps
    '1 j', // round joins
    `${nums([x0 + side * 0.15, y0 + side * 0.5])} m`,
    `${nums([x0 + side * 0.4, y0 + side * 0.2])} l`,
    `${nums([x0 + side * 0.87, y0 + side * 0.82])} l`,
    'S',
  );
  endBox(page);
  return FITTED;
};

// Four Bézier arcs approximate a circle with this control distance (per unit radius).
const KAPPA = (4 * (Math.SQRT2 - 1)) / 3;

/** A circle path around (cx, cy), counter-clockwise from its rightmost point. */
const circlePath = (cx: number, cy: number, r: number): string[] => {
  const k = r * KAPPA;
  return [
    `${nums([cx + r, cy])} m`,
    `${nums([cx + r, cy + k, cx + k, cy + r, cx, cy + r])} c`,
    `${nums([cx - k, cy + r, cx - r, cy + k, cx - r, cy])} c`,
    `${nums([cx - r, cy - k, cx - k, cy - r, cx, cy - r])} c`,
    `${nums([cx + k, cy - r, cx + r, cy - k, cx + r, cy])} c`,
    'h',
  ];
};

/** A filled dot, the way a selected radio button looks. */
export const drawRadioDot = (ctx: FillContext, field: FieldSpec, color: RGB): FieldFit => {
  const { page, frame } = boxFrame(ctx, field.label, field.page, field);
  const radius = Math.min(frame.width, frame.height) * 0.3;
  beginBox(page, frame);
  page.push(
    'q',
    fillColor(color),
    ...circlePath(frame.width / 2, frame.height / 2, radius),
    'f',
    'Q',
  );
  endBox(page);
  return FITTED;
};

const badImage = (label: string, why: string) =>
  new PdfEngineError('INVALID_VALUE', `The image for "${label}" ${why}`, [label]);

const embedImage = async (ctx: FillContext, label: string, bytes: Uint8Array) => {
  const header = readImageHeader(bytes);
  if (!header) throw badImage(label, 'is not a PNG or JPEG picture.');
  if (
    header.width * header.height > MAX_IMAGE_PIXELS ||
    header.width === 0 ||
    header.height === 0
  ) {
    throw badImage(
      label,
      `is ${header.width} × ${header.height} pixels; the limit is 40 megapixels.`,
    );
  }
  return ctx.template.resources.image(label, bytes);
};

/** The picture as large as fits the box, keeping its proportions, centred. */
export const drawImageField = async (
  ctx: FillContext,
  field: FieldSpec,
  bytes: Uint8Array,
): Promise<FieldFit> => {
  const { page, frame } = boxFrame(ctx, field.label, field.page, field);
  const image = await embedImage(ctx, field.label, bytes);
  const name = page.use(image.resource);
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  beginBox(page, frame);
  const x = (frame.width - width) / 2;
  const y = (frame.height - height) / 2;
  page.push('q', `${nums([width, 0, 0, height, x, y])} cm`, `${name} Do`, 'Q');
  endBox(page);
  return FITTED;
};
