/**
 * @platen/pdf-engine: functions on PDF bytes, and fill engines that keep what they learn. No HTTP,
 * SQL, clock or network; nothing runs on import. See README.md for the coordinate convention and font choices.
 */
export { analyse } from './analyse.ts';
export { unlockPdf, type UnlockedPdf } from './unlock-pdf.ts';
export { createFillEngine, type FillEngine, type FillEngineOptions } from './fill-engine.ts';
export { CHEAP_FILL_MAX_CHARS, CHEAP_FILL_MAX_FIELDS } from './fill.ts';
export { repeatsInBoxes } from './field-copies.ts';
export { type FillCacheStats } from './prepared-template-cache.ts';
export { type PreparedTemplateData } from './prepared-template.ts';
export {
  createMergedPdfWriter,
  writeMergedPdfEnd,
  type MergedPartStart,
  type MergedPdfPart,
  type MergedPdfSink,
  type MergedPdfSummary,
  type MergedPdfWriter,
} from './merged-pdf-writer.ts';
export { importAcroForm, type AcroFormImport, type NotImported } from './import-acroform.ts';
export { type LabelSource } from './import-labels.ts';
export { renderPreview, MAX_PREVIEW_WIDTH_PX } from './render-preview.ts';
export {
  displayRectToPdfBox,
  pdfBoxToDisplayRect,
  displayedSize,
  type PageGeometry,
} from './pdf-user-space.ts';
export { PdfEngineError, MAX_PAGES, type PdfEngineErrorCode } from './errors.ts';
export { readImageHeader, type ImageHeader } from './image-header.ts';
export { MAX_IMAGE_PIXELS } from './field-marks.ts';
export {
  barcodeDataProblem,
  SYMBOLOGY_RULES as barcodeSymbologyRules,
} from './field-kinds/barcode/barcode-symbol.ts';
export { MIN_FONT_SIZE } from './text-layout.ts';
export type * from './analysis-types.ts';
export type * from './fill-result-types.ts';
export type * from './types.ts';
