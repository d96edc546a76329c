import {
  describeChoiceOptions,
  expectedBarcodeData,
  expectedByFormat,
  isChoiceValue,
  isMisshapenBarcodeData,
} from '@platen/contract';
import {
  barcodeDataProblem,
  type FieldSpec,
  type FieldValue,
  type FieldValues,
} from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import { formatValue } from '../templates/index.ts';
import { readTableRows } from './table-values.ts';
import { checkImagePixels, type ImageNetwork, loadImageValue, toDrawable } from './image-source.ts';
import { fillTemplateFields } from './template-values.ts';

const EXPECTED: Record<Exclude<FieldSpec['type'], 'choice'>, string> = {
  text: 'text',
  date: 'text',
  email: 'text',
  long_text: 'text',
  number: 'a number or text',
  checkbox: 'true or false',
  radio: 'true or false',
  image: 'a data: URI or an https:// URL',
  linked_text: 'text or a list of texts',
  barcode: 'text',
  table: 'a list of rows',
};

const expectedOf = (field: FieldSpec): string => {
  if (field.type === 'choice') return describeChoiceOptions(field.options ?? []);
  if (field.type === 'barcode' && field.barcode)
    return expectedBarcodeData(field.barcode.symbology);
  return EXPECTED[field.type];
};

const isValidValue = (field: FieldSpec, value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  switch (field.type) {
    case 'choice':
      return isChoiceValue(field.options, value);
    case 'checkbox':
    case 'radio':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
    case 'table':
      return Array.isArray(value);
    case 'linked_text':
      return (
        typeof value === 'string' ||
        (Array.isArray(value) && value.length <= 100 && value.every((v) => typeof v === 'string'))
      );
    default:
      return typeof value === 'string';
  }
};

/**
 * A field's value, read as the payload's own property only: a field labelled `constructor` or
 * `toString` must not find Object's method when the caller leaves it out.
 */
const valueOf = (payload: Record<string, unknown>, label: string): unknown =>
  Object.hasOwn(payload, label) ? payload[label] : undefined;

/** What a field expects, as a refusal names it. */
export const expectedValue = (field: FieldSpec): string =>
  field.format ? expectedByFormat(field.format) : expectedOf(field);

/**
 * Checks every value against its field's type and format: the fields whose value is wrong, and
 * the text each formatted field prints.
 */
export const checkFieldValues = (
  fields: readonly FieldSpec[],
  payload: Record<string, unknown>,
) => {
  const printed = new Map<string, unknown>();
  /** What is wrong with a table's rows, by field label (the field is in `wrong` too). */
  const rowProblems = new Map<string, string>();
  const wrong = fields.filter((field) => {
    // It prints its default or its template, whatever the payload says.
    if (field.fixed || field.template !== undefined) return false;
    const value = valueOf(payload, field.label);
    if (!isValidValue(field, value)) return true;
    if (field.type === 'table' && value !== null && value !== undefined) {
      const read = readTableRows(field, value);
      if ('problem' in read) rowProblems.set(field.label, read.problem);
      else printed.set(field.label, read.rows);
      return 'problem' in read;
    }
    // A value left out prints nothing, formatted or not.
    if (!field.format || value === null || value === undefined || value === '') return false;
    const text = formatValue(field.format, value);
    printed.set(field.label, text);
    return text === undefined;
  });
  return { wrong, printed, rowProblems };
};

/**
 * The barcode fields whose data no check digit could save: longer than any code holds, or
 * not of the shape the payload schema gives (a letter in an EAN-13). Cheap enough for every
 * item of a batch before it starts, which encoding each is not: a wrong check digit is found
 * when its item is filled, and fails that item alone.
 */
export const misshapenBarcodes = (
  fields: readonly FieldSpec[],
  payload: Record<string, unknown>,
): FieldSpec[] =>
  fields.filter((field) => {
    const value = valueOf(payload, field.label);
    if (field.type !== 'barcode' || !field.barcode || typeof value !== 'string') return false;
    return isMisshapenBarcodeData(field.barcode.symbology, value);
  });

/**
 * Refuses data a barcode field's symbology cannot encode (a letter in an EAN-13, a wrong check
 * digit), naming every such field and the rule it breaks.
 */
const checkBarcodeData = async (
  fields: readonly FieldSpec[],
  values: ReadonlyMap<string, FieldValue>,
) => {
  const problems: { field: string; message: string }[] = [];
  for (const field of fields) {
    const value = values.get(field.label);
    if (field.type !== 'barcode' || !field.barcode || typeof value !== 'string' || value === '')
      continue;
    const problem = await barcodeDataProblem(field.barcode, value);
    if (problem) {
      problems.push({ field: field.label, message: `The value of "${field.label}" ${problem}` });
    }
  }
  if (problems.length === 0) return;
  throw new AppError(
    'INVALID_VALUES',
    400,
    problems.map((problem) => problem.message).join(' '),
    {},
    { fields: problems },
    problems[0]?.field,
  );
};

/**
 * Checks every value against its field's type and names all the wrong ones at once
 * (product.md#the-api), and barcode data against its symbology; then loads image values, reads their headers, checks the document's pixel budget and
 * only then converts what needs converting. Values for labels the template does not have are
 * left out here: whether the call may send them is decided before (`refuseUnknownLabels`).
 */
export const resolveFieldValues = async (
  fields: readonly FieldSpec[],
  payload: Record<string, unknown>,
  network?: ImageNetwork,
): Promise<FieldValues> => {
  const { wrong, printed, rowProblems } = checkFieldValues(fields, payload);
  if (rowProblems.size > 0) {
    const problems = [...rowProblems].map(([field, message]) => ({ field, message }));
    throw new AppError(
      'INVALID_VALUES',
      400,
      problems.map((problem) => problem.message).join(' '),
      {},
      { fields: problems },
      problems[0]?.field,
    );
  }
  if (wrong.length > 0) {
    const list = wrong.map((f) => `"${f.label}" (expected ${expectedValue(f)})`).join(', ');
    throw new AppError(
      'INVALID_VALUES',
      400,
      `These fields have values of the wrong type: ${list}.`,
      {},
      {},
      wrong[0]?.label,
    );
  }
  // A map, not an object: a field may be labelled `__proto__`.
  const values = new Map(
    fields.map((field) => [
      field.label,
      (printed.has(field.label)
        ? printed.get(field.label)
        : valueOf(payload, field.label)) as FieldValue,
    ]),
  );
  await checkBarcodeData(fields, values);
  fillTemplateFields(fields, values);
  const imageFields = fields.filter((field) => {
    const value = values.get(field.label);
    return field.type === 'image' && typeof value === 'string' && value !== '';
  });
  const images = await Promise.all(
    imageFields.map((field) => loadImageValue(field.label, values.get(field.label), network)),
  );
  checkImagePixels(images);
  for (const image of images) values.set(image.label, await toDrawable(image));
  return Object.fromEntries(values);
};
