/** What every field drawer shares while one document is filled. */
import type { DocumentGlyphs } from './document-glyphs.ts';
import type { BoxFrame } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import type { EngineFonts } from './engine-fonts.ts';
import { PageCanvas } from './page-canvas.ts';
import { displayRectTransform } from './pdf-user-space.ts';
import type { PreparedTemplate } from './prepared-template.ts';
import type { DisplayRect } from './types.ts';

export interface FillContext {
  template: PreparedTemplate;
  /** The engine's fonts: faces, shaped text and subsets, kept from document to document. */
  fonts: EngineFonts;
  /** What this document draws, by 0-based page index; pages drawn on get a canvas. */
  canvases: Map<number, PageCanvas>;
  /** Glyphs drawn with embedded faces, numbered per document; made when the first is drawn. */
  glyphs?: DocumentGlyphs;
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

/** The page and upright frame of a box, refusing pages the template does not have. */
export const boxFrame = (ctx: FillContext, label: string, page: number, rect: DisplayRect) => {
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
  return { page: canvasFor(ctx, page - 1), frame: frameFor(ctx.template, page - 1, rect) };
};
