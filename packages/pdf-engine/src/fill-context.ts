/** What every field drawer shares while one document is filled. */
import type { BoxFrame } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import type { TemplateFonts } from './fonts.ts';
import { PageCanvas } from './page-canvas.ts';
import { displayRectTransform } from './page-geometry.ts';
import type { PreparedTemplate } from './prepared-template.ts';
import type { DisplayRect } from './types.ts';

export interface FillContext {
  template: PreparedTemplate;
  fonts: TemplateFonts;
  /** What this document draws, by 0-based page index; pages drawn on get a canvas. */
  canvases: Map<number, PageCanvas>;
}

/** The page's canvas for this document, created on first use. */
export const canvasFor = (ctx: FillContext, index: number): PageCanvas => {
  let canvas = ctx.canvases.get(index);
  if (!canvas) {
    canvas = new PageCanvas(ctx.template.resources.prefix);
    ctx.canvases.set(index, canvas);
  }
  return canvas;
};

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
  const frame: BoxFrame = {
    matrix: displayRectTransform(prepared.geometry, rect),
    width: rect.rectWidth,
    height: rect.rectHeight,
  };
  return { page: canvasFor(ctx, page - 1), frame };
};
