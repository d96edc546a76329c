import type { PDFPage } from '@cantoo/pdf-lib';
import { parseColor, type TextStyle } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import type { FillContext } from './fill-context.ts';
import { drawLinkedText } from './field-linked-text.ts';
import { drawCheckMark, drawImageField, drawRadioDot } from './field-marks.ts';
import { drawTextField } from './field-text.ts';
import { DocumentFonts } from './fonts.ts';
import { asEngineError, loadTemplate, type LoadedTemplate } from './load-template.ts';
import { stampSample } from './sample-stamp.ts';
import type {
  FieldFit,
  FieldSpec,
  FieldValue,
  FieldValues,
  FillOptions,
  FillResult,
  FitReport,
} from './types.ts';

const wrongType = (label: string, expected: string) =>
  new PdfEngineError('INVALID_VALUE', `The value of "${label}" must be ${expected}.`, [label]);

const asText = (field: FieldSpec, value: FieldValue): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw wrongType(field.label, 'text');
};

const isEmpty = (value: FieldValue): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/** Draws one field's value and reports how it fitted; checks the value's type first. */
const drawField = async (
  ctx: FillContext,
  field: FieldSpec,
  value: FieldValue,
): Promise<FieldFit> => {
  const style: TextStyle = {
    family: field.fontFamily,
    align: field.textAlign,
    color: parseColor(field.fontColor),
    anchor: 'middle',
  };
  switch (field.type) {
    case 'checkbox':
    case 'radio': {
      if (typeof value !== 'boolean') throw wrongType(field.label, 'true or false');
      if (!value) return { result: 'fitted', fontSize: 0 };
      return field.type === 'checkbox'
        ? drawCheckMark(ctx, field, style.color)
        : drawRadioDot(ctx, field, style.color);
    }
    case 'image':
      if (!(value instanceof Uint8Array)) throw wrongType(field.label, 'a PNG or JPEG picture');
      return drawImageField(ctx, field, value);
    case 'linked_text':
      if (Array.isArray(value)) {
        if (!value.every((item) => typeof item === 'string'))
          throw wrongType(field.label, 'text or a list of texts');
        return drawLinkedText(ctx, field, value, style);
      }
      return drawLinkedText(ctx, field, asText(field, value), style);
    default:
      return drawTextField(ctx, field, asText(field, value), style);
  }
};

/** pdf-lib's page objects in our page order (our walk, not pdf-lib's, decides the order). */
const pdfPages = (t: LoadedTemplate): PDFPage[] => {
  try {
    const byLeaf = new Map(t.doc.getPages().map((page) => [page.node, page]));
    return t.pages.map(({ leaf }) => byLeaf.get(leaf)!);
  } catch (error) {
    throw asEngineError(error);
  }
};

const refuseTruncated = (report: FitReport) => {
  const labels = Object.keys(report).filter((label) => report[label]!.result === 'truncated');
  if (labels.length === 0) return;
  const names = labels.map((l) => `"${l}"`).join(', ');
  throw new PdfEngineError(
    'TEXT_DOES_NOT_FIT',
    `The text of ${names} does not fit in its box even at 6 pt. Shorten the text or enlarge the box.`,
    labels,
  );
};

/**
 * Fills a template: draws each field's value (looked up by label) into its box and returns the
 * new PDF with a fit report. A missing, null or empty value leaves the box empty and is absent
 * from the report. Throws PdfEngineError INVALID_VALUE (wrong type, unreadable image),
 * PAGE_NOT_FOUND, TEXT_DOES_NOT_FIT (only with `strict`) and the refusals of {@link analyse}.
 *
 * @example
 * const { pdf, fitReport } = await fill(templateBytes, template.fields, {
 *   'Full name': 'Zofia Łukasiewicz',
 *   Agree: true,
 *   Photo: pngBytes,
 * }, { strict: false, sample: false });
 * // fitReport['Full name'] → { result: 'fitted', fontSize: 14 }
 */
export const fill = async (
  template: Uint8Array,
  fields: readonly FieldSpec[],
  values: FieldValues,
  options: FillOptions = {},
): Promise<FillResult> => {
  const t = await loadTemplate(template);
  const pages = pdfPages(t);
  const ctx: FillContext = {
    doc: t.doc,
    pages,
    geometries: t.geometries,
    fonts: new DocumentFonts(t.doc),
  };
  const fitReport: FitReport = {};
  for (const field of fields) {
    // Own properties only: a label such as "constructor" must not find Object's method.
    const value = Object.hasOwn(values, field.label) ? values[field.label] : undefined;
    if (isEmpty(value)) continue;
    fitReport[field.label] = await drawField(ctx, field, value);
  }
  if (options.strict) refuseTruncated(fitReport);
  if (options.sample) await stampSample(t.doc, pages, t.geometries);
  try {
    const pdf = await t.doc.save({ updateFieldAppearances: false });
    return { pdf, fitReport };
  } catch (error) {
    throw asEngineError(error);
  }
};
