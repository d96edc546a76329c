/** What every field drawer shares while one document is filled. */
import type { DocumentGlyphs } from './document-glyphs.ts';
import type { BoxFrame } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import type { EngineFonts } from './engine-fonts.ts';
import { PageCanvas } from './page-canvas.ts';
import type { PageNumbering } from './page-numbers.ts';
import type { TableDraw } from './field-kinds/table/table-layout.ts';
import { displayRectTransform, type Matrix } from './pdf-user-space.ts';
import type { PreparedTemplate } from './prepared-template.ts';
import type { DisplayRect, FieldRotation } from './types.ts';

export interface FillContext {
  template: PreparedTemplate;
  /** The engine's fonts: faces, shaped text and subsets, kept from document to document. */
  fonts: EngineFonts;
  /** What this document draws, by 0-based page index; pages drawn on get a canvas. */
  canvases: Map<number, PageCanvas>;
  /** Glyphs drawn with embedded faces, numbered per document; made when the first is drawn. */
  glyphs?: DocumentGlyphs;
  /** Where each template page lands in the finished document, for `{page}` and `{pages}`. */
  numbering: PageNumbering;
  /** What each table field draws in this document (table-document.ts). */
  tables?: ReadonlyMap<string, TableDraw>;
}

/** The page's canvas for this document, created on first use. */
export const canvasFor = (ctx: FillContext, index: number): PageCanvas => {
  let canvas = ctx.canvases.get(index);
  if (!canvas) {
    canvas = new PageCanvas(ctx.template.resources.prefix, ctx);
    ctx.canvases.set(index, canvas);
  }
  return canvas;
};

interface KnownFrame {
  pageIndex: number;
  rect: DisplayRect;
  frame: BoxFrame;
}

/** Frames by page and rectangle, per template: the documents of a template draw the same boxes. */
const framesByTemplate = new WeakMap<PreparedTemplate, Map<number, KnownFrame>>();
/** Distinct boxes remembered per template; past it the memory starts again. */
const MAX_FRAMES = 4096;

/**
 * The box's upright frame, computed once per template and rectangle (and beginBox's clip
 * operators once per frame): building the matrix and formatting its numbers for every document
 * cost about 5 % of a one-page document's time. Shared: never change a frame.
 */
const frameFor = (t: PreparedTemplate, pageIndex: number, rect: DisplayRect): BoxFrame => {
  let frames = framesByTemplate.get(t);
  if (!frames) {
    frames = new Map();
    framesByTemplate.set(t, frames);
  }
  const key = rectHash(pageIndex, rect);
  const known = frames.get(key);
  if (known && known.pageIndex === pageIndex && sameRect(known.rect, rect)) return known.frame;
  if (frames.size >= MAX_FRAMES) frames.clear();
  const frame: BoxFrame = {
    matrix: displayRectTransform(t.pages[pageIndex]!.geometry, rect),
    width: rect.rectWidth,
    height: rect.rectHeight,
  };
  const { rectX, rectY, rectWidth, rectHeight } = rect;
  frames.set(key, { pageIndex, rect: { rectX, rectY, rectWidth, rectHeight }, frame });
  return frame;
};

/**
 * A number standing for a page and rectangle. Keys are numbers because a string key (five
 * numbers formatted and joined) cost as much as the frame it found; two boxes may share a
 * number, so a hit is checked against the rectangle it was made for.
 */
const rectHash = (pageIndex: number, r: DisplayRect) =>
  (((pageIndex * 8191 + r.rectX) * 8191 + r.rectY) * 8191 + r.rectWidth) * 8191 + r.rectHeight;

const sameRect = (a: DisplayRect, b: DisplayRect) =>
  a.rectX === b.rectX &&
  a.rectY === b.rectY &&
  a.rectWidth === b.rectWidth &&
  a.rectHeight === b.rectHeight;

/** Turned frames by upright frame and rotation; shared like the frames they come from. */
const turnedFrames = new WeakMap<BoxFrame, Map<FieldRotation, BoxFrame>>();

/**
 * The frame turned counter-clockwise inside the same box: a quarter turn swaps its width and
 * height, so text in a tall, narrow rotated widget runs along its length at full size. Local
 * (0, 0) stays the text's bottom-left: the box's bottom-right after 90, its top-right after 180,
 * its top-left after 270.
 */
const turnFrame = (frame: BoxFrame, rotation: FieldRotation): BoxFrame => {
  const { width: w, height: h } = frame;
  const turn: Matrix = {
    0: [1, 0, 0, 1, 0, 0] as Matrix,
    90: [0, 1, -1, 0, w, 0] as Matrix,
    180: [-1, 0, 0, -1, w, h] as Matrix,
    270: [0, -1, 1, 0, 0, h] as Matrix,
  }[rotation];
  const isQuarter = rotation === 90 || rotation === 270;
  return {
    matrix: multiply(turn, frame.matrix),
    width: isQuarter ? h : w,
    height: isQuarter ? w : h,
  };
};

/** `a` then `b`, in PDF's row-vector convention. */
const multiply = (a: Matrix, b: Matrix): Matrix => [
  a[0] * b[0] + a[1] * b[2],
  a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2],
  a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4],
  a[4] * b[1] + a[5] * b[3] + b[5],
];

const turnedFrame = (frame: BoxFrame, rotation: FieldRotation): BoxFrame => {
  let turned = turnedFrames.get(frame);
  if (!turned) {
    turned = new Map();
    turnedFrames.set(frame, turned);
  }
  let result = turned.get(rotation);
  if (!result) {
    result = turnFrame(frame, rotation);
    turned.set(rotation, result);
  }
  return result;
};

/**
 * The page and frame of a box, refusing pages the template does not have. The frame is upright
 * on the displayed page, or turned by the box's `rotation` when it has one.
 */
export const boxFrame = (
  ctx: FillContext,
  label: string,
  page: number,
  rect: DisplayRect & { rotation?: FieldRotation },
) => {
  const pages = ctx.template.pages;
  const prepared = pages[page - 1];
  if (!prepared || !Number.isInteger(page)) {
    throw new PdfEngineError(
      'PAGE_NOT_FOUND',
      `The field "${label}" is on page ${page}, but the template has ${pages.length} page(s).`,
      [label],
    );
  }
  if (!(rect.rectWidth > 0 && rect.rectHeight > 0)) {
    throw new PdfEngineError('INVALID_FIELD', `The field "${label}" has an empty box.`, [label]);
  }
  const frame = frameFor(ctx.template, page - 1, rect);
  return {
    page: canvasFor(ctx, page - 1),
    frame: rect.rotation ? turnedFrame(frame, rect.rotation) : frame,
  };
};
