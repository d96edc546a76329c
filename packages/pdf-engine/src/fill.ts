import { parseColor, type TextStyle } from './draw-text.ts';
import { PdfEngineError } from './errors.ts';
import type { FillContext } from './fill-context.ts';
import { drawBarcodeField } from './field-kinds/barcode/field-barcode.ts';
import { drawChoice } from './field-kinds/choice/field-choice.ts';
import { copiesOf, drawCopies } from './field-copies.ts';
import { drawLinkedText } from './field-kinds/linked-text/field-linked-text.ts';
import { drawCheckMark, drawImageField, drawRadioDot } from './field-marks.ts';
import { drawTablePage } from './field-kinds/table/field-table.ts';
import { drawTextField } from './field-text.ts';
import { templateNumbering, withPageNumbers } from './page-numbers.ts';
import { assembleSheets, planTables, type TablePlan } from './field-kinds/table/table-document.ts';
import type { EngineFonts } from './engine-fonts.ts';
import { isWinAnsi } from './fonts.ts';
import { asEngineError } from './load-template.ts';
import { SEVERITY } from './text-layout.ts';
import type { MaybePromise } from './maybe-async.ts';
import type { PreparedTemplate } from './prepared-template.ts';
import { stampSample } from './sample-stamp.ts';
import { writeUpdate } from './update-writer.ts';
import type { FieldFit, FillOptions, FillResult, FitReport } from './fill-result-types.ts';
import type { FieldSpec, FieldValue, FieldValues } from './types.ts';

const wrongType = (label: string, expected: string) =>
  new PdfEngineError('INVALID_VALUE', `The value of "${label}" must be ${expected}.`, [label]);

const asText = (field: FieldSpec, value: FieldValue): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw wrongType(field.label, 'text');
};

const isEmpty = (value: FieldValue): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/** Draws one field's value in one box and reports how it fitted; checks the value's type first. */
const drawInBox = (
  ctx: FillContext,
  field: FieldSpec,
  value: FieldValue,
): MaybePromise<FieldFit> => {
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
    case 'choice':
      if (typeof value !== 'string') throw wrongType(field.label, 'one of its options');
      return drawChoice(ctx, field, value, style);
    case 'image':
      if (!(value instanceof Uint8Array)) throw wrongType(field.label, 'a PNG or JPEG picture');
      return drawImageField(ctx, field, value);
    case 'barcode':
      return drawBarcodeField(ctx, field, asText(field, value), style.color);
    case 'table': {
      const table = ctx.tables?.get(field.label);
      if (!table) return { result: 'fitted', fontSize: 0 }; // a table without its options
      const fit = drawTablePage(ctx, field, table.box, table.layout, table.slice, style);
      return table.leavesRows ? { ...fit, result: 'truncated' } : fit;
    }
    case 'linked_text':
      if (Array.isArray(value)) {
        if (!value.every((item) => typeof item === 'string'))
          throw wrongType(field.label, 'text or a list of texts');
        return drawLinkedText(ctx, field, value, style);
      }
      return drawLinkedText(ctx, field, asText(field, value), style);
    default: {
      const text = withPageNumbers(asText(field, value), field.page, ctx.numbering);
      return drawTextField(ctx, field, text, style);
    }
  }
};

/** Draws a field's value in each box it prints in (field-copies.ts); the worst fit is reported. */
const drawField = (ctx: FillContext, field: FieldSpec, value: FieldValue) =>
  drawCopies(copiesOf(field), (copy) => drawInBox(ctx, copy, value));

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

const refuseMissingGlyphs = (report: FitReport) => {
  const labels = Object.keys(report).filter((label) => report[label]!.missingGlyphs);
  if (labels.length === 0) return;
  const listed = labels
    .map((l) => `"${l}" (${report[l]!.missingGlyphs!.map((c) => `"${c}"`).join(', ')})`)
    .join(', ');
  throw new PdfEngineError(
    'MISSING_GLYPHS',
    `No font can print some characters of ${listed}. Remove or replace those characters.`,
    labels,
  );
};

/** Text a cheap fill may draw, in characters over all fields: layout cost grows with it. */
export const CHEAP_FILL_MAX_CHARS = 4096;
/** Fields a cheap fill may draw: each costs a few microseconds even when it is one tick. */
export const CHEAP_FILL_MAX_FIELDS = 200;

/** What a value puts on the page: a list-style choice prints its option's label, not the value. */
const drawnText = (field: FieldSpec, value: FieldValue): FieldValue =>
  field.type === 'choice' ? (field.options?.find((o) => o.value === value)?.label ?? value) : value;

/**
 * The value a field prints: the payload's own property (a label such as "constructor" must not
 * find Object's method), else the field's default; a fixed field prints its default only.
 */
const valueFor = (field: FieldSpec, values: FieldValues): FieldValue => {
  const given =
    !field.fixed && Object.hasOwn(values, field.label) ? values[field.label] : undefined;
  return isEmpty(given) && field.default !== undefined ? field.default : given;
};

/** Only text in standard fonts: no picture to decode, no code to encode, no font to embed. */
export const isCheapToDraw = (fields: readonly FieldSpec[], values: FieldValues): boolean => {
  let chars = 0;
  let drawn = 0;
  for (const field of fields) {
    const value = valueFor(field, values);
    if (isEmpty(value)) continue;
    if (++drawn > CHEAP_FILL_MAX_FIELDS || field.type === 'barcode' || field.type === 'table')
      return false;
    const texts: unknown[] = Array.isArray(value) ? value : [drawnText(field, value)];
    for (const text of texts) {
      if (text instanceof Uint8Array) return false;
      if (typeof text !== 'string') continue;
      chars += text.length;
      if (chars > CHEAP_FILL_MAX_CHARS || !isWinAnsi(text)) return false;
    }
  }
  return true;
};

/** Fills the template once: one sheet of a document (table-document.ts), or the whole of it. */
const fillSheet = async (
  fonts: EngineFonts,
  t: PreparedTemplate,
  fields: readonly FieldSpec[],
  values: FieldValues,
  options: FillOptions,
  sheet: Pick<FillContext, 'numbering' | 'tables'>,
): Promise<FillResult> => {
  const ctx: FillContext = { template: t, fonts, canvases: new Map(), ...sheet };
  // No prototype: a field labelled "__proto__" is reported like any other, not made the prototype.
  const fitReport: FitReport = Object.create(null) as FitReport;
  for (const field of fields) {
    const value = valueFor(field, values);
    if (isEmpty(value)) continue;
    const fit = drawField(ctx, field, value);
    fitReport[field.label] = fit instanceof Promise ? await fit : fit; // see maybe-async.ts
  }
  if (options.sample) await stampSample(ctx);
  try {
    const pdf = writeUpdate(t, ctx.canvases, fonts.subsetter);
    return { pdf: pdf instanceof Promise ? await pdf : pdf, fitReport };
  } catch (error) {
    throw asEngineError(error);
  }
};

/** Per field, the worst fit any sheet reported. */
const worstOf = (reports: FitReport[]): FitReport => {
  const merged: FitReport = Object.create(null) as FitReport;
  for (const report of reports) {
    for (const [label, fit] of Object.entries(report)) {
      const known = merged[label];
      if (!known || SEVERITY[fit.result] > SEVERITY[known.result]) merged[label] = fit;
    }
  }
  return merged;
};

const fillTables = async (
  fonts: EngineFonts,
  t: PreparedTemplate,
  values: FieldValues,
  options: FillOptions,
  plan: Required<TablePlan>,
) => {
  const results: FillResult[] = [];
  for (const sheet of plan.sheets) {
    results.push(await fillSheet(fonts, t, sheet.fields, values, options, sheet));
  }
  try {
    const pdf = await assembleSheets(
      results.map((r) => r.pdf),
      plan.sequence,
    );
    return { pdf, fitReport: worstOf(results.map((r) => r.fitReport)) };
  } catch (error) {
    throw asEngineError(error);
  }
};

/** Fills a prepared template with the engine's fonts: see FillEngine.fill (fill-engine.ts). */
export const fillPrepared = async (
  fonts: EngineFonts,
  t: PreparedTemplate,
  fields: readonly FieldSpec[],
  values: FieldValues,
  options: FillOptions,
): Promise<FillResult> => {
  const numbering = templateNumbering(t.pages.length);
  const plan = fields.some((field) => field.type === 'table')
    ? await planTables({ template: t, fonts, canvases: new Map(), numbering }, fields, (field) =>
        valueFor(field, values),
      )
    : undefined;
  const result =
    plan?.sheets && plan.sequence
      ? await fillTables(fonts, t, values, options, {
          ...plan,
          sheets: plan.sheets,
          sequence: plan.sequence,
        })
      : await fillSheet(fonts, t, fields, values, options, { numbering, tables: plan?.tables });
  if (options.strict) {
    refuseMissingGlyphs(result.fitReport);
    refuseTruncated(result.fitReport);
  }
  return result;
};
