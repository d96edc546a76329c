import { PDFBool, PDFDict, PDFName, PDFSignature } from '@cantoo/pdf-lib';
import { findWidgets, toAcroWidget, type FoundWidget } from './acroform-widgets.ts';
import { PdfEngineError } from './errors.ts';
import { asEngineError, loadTemplate, type LoadedTemplate } from './load-template.ts';
import { displayedSize } from './pdf-user-space.ts';
import type { PageInfo, TemplateAnalysis } from './analysis-types.ts';

const pageInfos = (t: LoadedTemplate): PageInfo[] =>
  t.geometries.map((g, i) => ({
    page: i + 1,
    ...displayedSize(g),
    rotation: g.rotation,
    mediaBox: t.mediaBoxes[i]!,
    cropBox: g.visibleBox,
  }));

const hasXfaData = (t: LoadedTemplate): boolean => {
  const acroForm = t.doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  return acroForm?.get(PDFName.of('XFA')) !== undefined;
};

// A form we cannot read is not a reason to refuse the page content: treat it as having no fields.
const readWidgets = (t: LoadedTemplate): FoundWidget[] => {
  try {
    return findWidgets(t);
  } catch {
    return [];
  }
};

const isSignedForm = (widgets: FoundWidget[]): boolean =>
  widgets.some(
    (w) =>
      w.field instanceof PDFSignature && w.field.acroField.dict.get(PDFName.of('V')) !== undefined,
  );

/**
 * Reads what the editor and the server need to know about an uploaded template, and refuses
 * files the engine cannot fill.
 *
 * Refusals (PdfEngineError `code`): NOT_A_PDF (judged by content), ENCRYPTED (any encryption:
 * pass uploads through `unlockPdf` first, which decrypts those that open without a password),
 * TOO_MANY_PAGES (over 500, counted in the real page tree),
 * UNSUPPORTED (an XFA-only form: its pages are drawn at view time and the file has no static
 * page to fill), DAMAGED (the structure cannot be recovered).
 *
 * @example
 * const analysis = await analyse(uploadedBytes);
 * console.log(analysis.pageCount, analysis.pages[0]?.width, analysis.pages[0]?.height);
 * // 1 595.28 841.89
 */
export const analyse = async (pdf: Uint8Array): Promise<TemplateAnalysis> => {
  const t = await loadTemplate(pdf);
  try {
    const widgets = readWidgets(t);
    const hasXfa = hasXfaData(t);
    const needsRendering = t.doc.catalog.lookupMaybe(PDFName.of('NeedsRendering'), PDFBool);
    if (hasXfa && (needsRendering?.asBoolean() === true || widgets.length === 0)) {
      throw new PdfEngineError(
        'UNSUPPORTED',
        'This PDF is a dynamic XFA form (for example from Adobe LiveCycle), which is not supported. Save or print it as a regular PDF and upload that.',
      );
    }
    return {
      pageCount: t.pages.length,
      pages: pageInfos(t),
      widgets: widgets.map(toAcroWidget),
      hasXfa,
      isSigned: isSignedForm(widgets),
    };
  } catch (error) {
    throw asEngineError(error);
  }
};
