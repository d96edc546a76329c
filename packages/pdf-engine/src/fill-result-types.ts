/** What a fill is asked to do beyond the values, and what it reports of each field. */

/**
 * How a field's value was made to fit its box; `missing_glyphs` when some of its characters no
 * font can print (never `fitted` then: the document lacks them).
 *
 * @example
 * const needsAttention = (r: FitResult) => r === 'truncated' || r === 'missing_glyphs';
 */
export type FitResult = 'fitted' | 'shrunk' | 'wrapped' | 'truncated' | 'missing_glyphs';

/**
 * The fit of one field: the result and the font size finally used (0 for non-text fields).
 *
 * @example
 * const fit: FieldFit = { result: 'shrunk', fontSize: 9.5 };
 */
export interface FieldFit {
  result: FitResult;
  fontSize: number;
  /** Characters of the value no font can print (left out of the drawing); absent when none. */
  missingGlyphs?: string[];
  /** The same characters as code points (`U+0E01`), for the characters a log cannot show. */
  missingCodePoints?: string[];
}

/**
 * Per field label, how its value fitted. Fields without a value are absent.
 *
 * @example
 * const report: FitReport = { 'Full name': { result: 'fitted', fontSize: 14 } };
 */
export type FitReport = Record<string, FieldFit>;

/**
 * Options of fill().
 *
 * @example
 * const tryout: FillOptions = { sample: true };
 */
export interface FillOptions {
  /**
   * Refuse instead of truncating text that cannot fit at 6 pt (`TEXT_DOES_NOT_FIT`) or leaving
   * out characters no font can print (`MISSING_GLYPHS`).
   */
  strict?: boolean;
  /** Stamp every page with a diagonal SAMPLE mark (tryout documents). */
  sample?: boolean;
  /**
   * The caller's name for exactly these template bytes, e.g. `${templateId}:${pdfSha256}`. It
   * must change whenever the bytes do. With it the prepared-template cache skips comparing every
   * byte (about 0.1-0.5 ms for a 2 MB form) and checks only length and a sampled fingerprint.
   * Without it templates are recognised by content, which is always safe.
   */
  templateKey?: string;
}

/**
 * The filled document and how each value fitted.
 *
 * @example
 * const { pdf, fitReport }: FillResult = await fill(template, fields, values);
 */
export interface FillResult {
  pdf: Uint8Array;
  fitReport: FitReport;
}
