/**
 * Stable reasons the engine refuses a file or a request; the server maps them to HTTP answers.
 *
 * @example
 * const status: Record<PdfEngineErrorCode, number> = { NOT_A_PDF: 400, ENCRYPTED: 400, ... };
 */
export type PdfEngineErrorCode =
  | 'NOT_A_PDF'
  | 'ENCRYPTED'
  | 'TOO_MANY_PAGES'
  | 'UNSUPPORTED'
  | 'DAMAGED'
  | 'INVALID_FIELD'
  | 'INVALID_VALUE'
  | 'TEXT_DOES_NOT_FIT'
  | 'MISSING_GLYPHS'
  | 'PAGE_NOT_FOUND';

/**
 * The one error the engine throws on purpose. `message` is written for the person who uploaded
 * the file or sent the values; `code` is for programs; `fields` names the labels at fault, if any.
 *
 * @example
 * try {
 *   await analyse(bytes);
 * } catch (error) {
 *   if (error instanceof PdfEngineError && error.code === 'ENCRYPTED') showPasswordHelp();
 *   else throw error;
 * }
 */
export class PdfEngineError extends Error {
  override readonly name = 'PdfEngineError';
  readonly code: PdfEngineErrorCode;
  readonly fields: readonly string[];

  constructor(code: PdfEngineErrorCode, message: string, fields: readonly string[] = []) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
}

/**
 * The largest page count a template may have.
 *
 * @example
 * if (analysis.pageCount === MAX_PAGES) warn('This template is at the page limit.');
 */
export const MAX_PAGES = 500;
