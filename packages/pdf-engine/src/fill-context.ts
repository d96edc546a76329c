/** What every field drawer shares while one document is filled. */
import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import type { BoxFrame } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import type { DocumentFonts } from './fonts.ts';
import { displayRectTransform, type PageGeometry } from './page-geometry.ts';
import type { DisplayRect } from './types.ts';

export interface FillContext {
  doc: PDFDocument;
  pages: PDFPage[];
  geometries: PageGeometry[];
  fonts: DocumentFonts;
}

/** The page and upright frame of a box, refusing pages the template does not have. */
export const boxFrame = (ctx: FillContext, label: string, page: number, rect: DisplayRect) => {
  const pdfPage = ctx.pages[page - 1];
  const geometry = ctx.geometries[page - 1];
  if (!pdfPage || !geometry || !Number.isInteger(page)) {
    throw new PdfEngineError(
      'PAGE_NOT_FOUND',
      `The field "${label}" is on page ${page}, but the template has ${ctx.pages.length} page(s).`,
      [label],
    );
  }
  if (!(rect.rectWidth > 0 && rect.rectHeight > 0)) {
    throw new PdfEngineError('INVALID_FIELD', `The field "${label}" has an empty box.`, [label]);
  }
  const frame: BoxFrame = {
    matrix: displayRectTransform(geometry, rect),
    width: rect.rectWidth,
    height: rect.rectHeight,
  };
  return { page: pdfPage, frame };
};
