/**
 * A fill engine: the fill functions with the caches they learn from, as one object its owner
 * keeps. A server makes one per thread that fills (its main thread and each PDF worker), a test
 * makes a fresh one; nothing is shared between engines and nothing lives at module level, so
 * dropping an engine frees its templates, faces and font subsets.
 */
import { EngineFonts } from './engine-fonts.ts';
import { fillPrepared, isCheapToDraw } from './fill.ts';
import {
  DEFAULT_MAX_BYTES,
  PreparedTemplateCache,
  type FillCacheStats,
} from './prepared-template-cache.ts';
import type { PreparedTemplateData } from './prepared-template.ts';
import type { FillOptions, FillResult } from './fill-result-types.ts';
import type { FieldSpec, FieldValues } from './types.ts';

export interface FillEngineOptions {
  /** Bytes of prepared templates the engine keeps (default 64 MB); 0 turns that cache off. */
  maxBytes?: number;
}

/** Functions, not methods: `const { fill } = createFillEngine()` works. */
export interface FillEngine {
  /**
   * Fills a template: draws each field's value (looked up by label) into its box and returns
   * the new PDF with a fit report. A missing, null or empty value leaves the box empty and is
   * absent from the report. Throws PdfEngineError INVALID_VALUE (wrong type, unreadable image),
   * PAGE_NOT_FOUND, MISSING_GLYPHS and TEXT_DOES_NOT_FIT (only with `strict`) and the refusals
   * of `analyse`.
   *
   * @example
   * const engine = createFillEngine();
   * const { pdf, fitReport } = await engine.fill(templateBytes, template.fields, {
   *   'Full name': 'Zofia Łukasiewicz',
   *   Agree: true,
   *   Photo: pngBytes,
   * }, { strict: false, sample: false });
   * // fitReport['Full name'] → { result: 'fitted', fontSize: 14 }
   */
  fill: (
    template: Uint8Array,
    fields: readonly FieldSpec[],
    values: FieldValues,
    options?: FillOptions,
  ) => Promise<FillResult>;
  /**
   * `fill`, but only when it is cheap and bounded (well under a millisecond for a one-page
   * form): this engine already holds the template prepared under `templateKey`, and the values
   * are short text in standard fonts and ticks, in at most CHEAP_FILL_MAX_FIELDS fields.
   * Returns `undefined` otherwise, and the caller fills where heavy work may run (a worker
   * thread with time and memory limits). Throws what fill throws.
   */
  fillIfCheap: (
    template: Uint8Array,
    fields: readonly FieldSpec[],
    values: FieldValues,
    options: FillOptions & { templateKey: string },
  ) => Promise<FillResult | undefined>;
  /** The plain data of a template this engine holds under `templateKey`, for another thread. */
  preparedTemplateData: (
    template: Uint8Array,
    templateKey: string,
  ) => PreparedTemplateData | undefined;
  /** Keeps a template another thread prepared, under the caller's key, as if prepared here. */
  adoptPreparedTemplate: (
    template: Uint8Array,
    templateKey: string,
    data: PreparedTemplateData,
  ) => void;
  /** The prepared-template cache's entries, bytes and hit counts since the engine was made. */
  cacheStats: () => FillCacheStats;
}

/**
 * @example
 * const engine = createFillEngine({ maxBytes: 256 * 1024 * 1024 });
 */
export const createFillEngine = (options: FillEngineOptions = {}): FillEngine => {
  const templates = new PreparedTemplateCache(Math.max(0, options.maxBytes ?? DEFAULT_MAX_BYTES));
  const fonts = new EngineFonts();
  return {
    fill: async (template, fields, values, fillOptions = {}) =>
      fillPrepared(
        fonts,
        templates.ready(template, fillOptions.templateKey) ??
          (await templates.prepared(template, fillOptions.templateKey)),
        fields,
        values,
        fillOptions,
      ),
    fillIfCheap: async (template, fields, values, fillOptions) => {
      if (!isCheapToDraw(fields, values)) return undefined;
      const t = templates.ready(template, fillOptions.templateKey);
      return t && fillPrepared(fonts, t, fields, values, fillOptions);
    },
    preparedTemplateData: (template, templateKey) => templates.data(template, templateKey),
    adoptPreparedTemplate: (template, templateKey, data) =>
      templates.adopt(template, templateKey, data),
    cacheStats: () => templates.stats(),
  };
};
