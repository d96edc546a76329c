import { randomUUID } from 'node:crypto';
import {
  FONT_SIZE,
  languageFieldTypes,
  storedBarcodeOptions,
  type TemplateInput,
  type TemplateInputValue,
} from '@platen/contract';
import {
  barcodeDataProblem,
  repeatsInBoxes,
  type BarcodeOptions,
  type BoxOnPage,
  type ChoiceOption,
  type FieldBoxOnPage,
  type FieldSpec,
  type PageInfo,
} from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import { checkTemplateLabels, checkTemplateOptions } from './template-text.ts';
import { tableOptions } from './table-fields.ts';
import { formatProblem } from './value-formats.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Half a point of slack: editors round, and a box flush with the page edge must be accepted. */
const EDGE_TOLERANCE_PT = 0.5;

const invalid = (message: string) => new AppError('INVALID_FIELDS', 400, message);

/**
 * A field imported from a PDF's form, as a save accepts it back: a form may ask for any font size
 * (5.6 pt, 200 pt), a template keeps to FONT_SIZE (text never prints below 6 pt anyway: the
 * engine shrinks it to 6 pt at the least).
 */
export const asSavableField = (field: FieldSpec): FieldSpec => ({
  ...field,
  fontSize: savableSize(field.fontSize),
  ...(field.boxes && {
    boxes: field.boxes.map((box) =>
      box.fontSize === undefined ? box : { ...box, fontSize: savableSize(box.fontSize) },
    ),
  }),
});

const savableSize = (size: number) => Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, size));

/** Refuses a box that is not on an existing page, naming what it belongs to. */
export const checkOnPage = (label: string, box: BoxOnPage, pages: PageInfo[]) => {
  const page = pages[box.page - 1];
  if (!page) {
    throw invalid(
      `The field "${label}" is on page ${box.page}, but the template has ${pages.length} page${pages.length === 1 ? '' : 's'}.`,
    );
  }
  const isInside =
    box.rectX + box.rectWidth <= page.width + EDGE_TOLERANCE_PT &&
    box.rectY + box.rectHeight <= page.height + EDGE_TOLERANCE_PT;
  if (!isInside) throw invalid(`The field "${label}" lies outside page ${box.page}.`);
};

/**
 * Every box of a field: linked text's chain, the boxes a field repeats its value in
 * (product.md#what-is-stored "Several boxes"), or the field's own. A box without a page lies on its field's page.
 */
const boxesOf = (input: TemplateInputValue): FieldBoxOnPage[] => {
  const own = {
    page: input.page,
    rectX: input.rectX,
    rectY: input.rectY,
    rectWidth: input.rectWidth,
    rectHeight: input.rectHeight,
  };
  const listed = input.boxes?.map((box) => ({ ...box, page: box.page ?? input.page })) ?? [];
  if (input.fieldType === 'linked_text') {
    return listed.length > 0
      ? listed.map(({ page, rectX, rectY, rectWidth, rectHeight }) => ({
          page,
          rectX,
          rectY,
          rectWidth,
          rectHeight,
        }))
      : [own];
  }
  if (listed.length < 2) return [own];
  if (!repeatsInBoxes({ type: input.fieldType, boxes: listed, options: input.options })) {
    throw invalid(
      `The field "${input.label}" has ${listed.length} boxes, but only text, long text, date, number, e-mail, checkbox and list-style choice fields print their value in several boxes.`,
    );
  }
  return listed;
};

/**
 * A choice's options, checked: at least one, no value twice, every option box on its page.
 * Other types carry none.
 */
const choiceOptions = (
  input: TemplateInputValue,
  pages: PageInfo[],
): ChoiceOption[] | undefined => {
  if (input.fieldType !== 'choice') return undefined;
  const options = input.options ?? [];
  if (options.length === 0) {
    throw invalid(`The choice field "${input.label}" needs at least one option.`);
  }
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option.value)) {
      throw invalid(
        `The choice field "${input.label}" has two options with the value "${option.value}".`,
      );
    }
    seen.add(option.value);
    if (option.box) checkOnPage(`${input.label}: ${option.label}`, option.box, pages);
  }
  return options;
};

/**
 * A barcode field's options, checked: it needs a symbology; the QR error-correction level is
 * kept for QR codes only. Other types carry none.
 */
const barcodeOptions = (input: TemplateInputValue): BarcodeOptions | undefined => {
  if (input.fieldType !== 'barcode') return undefined;
  if (!input.barcode) {
    throw invalid(`The barcode field "${input.label}" needs a symbology (QR code, EAN-13…).`);
  }
  return storedBarcodeOptions(input.barcode);
};

/** What a field's default must be: what a payload could send it (product.md#what-is-stored). */
const checkDefault = (input: TemplateInputValue, options: ChoiceOption[] | undefined) => {
  const value = input.default;
  if (input.fixed && value === undefined) {
    throw invalid(`The field "${input.label}" is fixed, so it needs a default to print.`);
  }
  if (value === undefined) return;
  const isTick = input.fieldType === 'checkbox' || input.fieldType === 'radio';
  const fits =
    input.fieldType === 'image'
      ? false
      : isTick
        ? typeof value === 'boolean'
        : typeof value === 'string' &&
          (!options || options.some((option) => option.value === value));
  if (!fits) {
    const expected =
      input.fieldType === 'image'
        ? 'no default (a picture comes with each payload)'
        : isTick
          ? 'true or false'
          : options
            ? 'one of its option values'
            : 'a text';
    throw invalid(`The default of the field "${input.label}" must be ${expected}.`);
  }
};

/**
 * Turns the editor's inputs into stored fields (product.md#validation): every field has a type and a label,
 * labels are unique except for linked text, whose inputs sharing a label become one field with
 * all their boxes; every box lies on its page. Saved fields keep their id (a UUID, or the id import
 * gave them), new ones get a UUID.
 */
export const normaliseFields = (
  inputs: readonly TemplateInputValue[],
  pages: PageInfo[],
  existingIds: ReadonlySet<string>,
): FieldSpec[] => {
  const byLabel = new Map<string, FieldSpec>();
  for (const input of inputs) {
    const boxes = boxesOf(input);
    for (const box of boxes) checkOnPage(input.label, box, pages);
    const previous = byLabel.get(input.label);
    if (previous) {
      if (input.fieldType !== 'linked_text' || previous.type !== 'linked_text') {
        throw invalid(`Two fields are labelled "${input.label}". Each label must be unique.`);
      }
      previous.boxes = [...(previous.boxes ?? []), ...boxes];
      if (!UUID.test(previous.id) && input.id && existingIds.has(input.id)) previous.id = input.id;
      continue;
    }
    const [first] = boxes;
    const options = choiceOptions(input, pages);
    const barcode = barcodeOptions(input);
    const table = tableOptions(input, pages);
    const formatRefusal = input.format && formatProblem(input.label, input.fieldType, input.format);
    if (formatRefusal) throw invalid(formatRefusal);
    checkDefault(input, options);
    checkTemplateOptions(input);
    if (input.language && !languageFieldTypes.includes(input.fieldType)) {
      throw invalid(
        `The field "${input.label}" is a ${input.fieldType} field: only fields that print text take a language.`,
      );
    }
    byLabel.set(input.label, {
      id: input.id && existingIds.has(input.id) ? input.id : randomUUID(),
      label: input.label,
      ...(input.description && { description: input.description }),
      type: input.fieldType,
      page: first?.page ?? input.page,
      rectX: first?.rectX ?? input.rectX,
      rectY: first?.rectY ?? input.rectY,
      rectWidth: first?.rectWidth ?? input.rectWidth,
      rectHeight: first?.rectHeight ?? input.rectHeight,
      fontSize: input.fontSize,
      fontFamily: input.fontFamily,
      textAlign: input.textAlign,
      fontColor: input.fontColor.toLowerCase(),
      ...((input.fieldType === 'linked_text' || boxes.length > 1) && { boxes }),
      ...(input.maxLength !== undefined && { maxLength: input.maxLength }),
      ...(input.comb !== undefined && { comb: input.comb }),
      ...(options && { options }),
      ...(input.rotation && { rotation: input.rotation }),
      ...(input.format && { format: input.format }),
      ...(input.default !== undefined && { default: input.default }),
      ...(input.fixed && { fixed: true }),
      ...(barcode && { barcode }),
      ...(input.template !== undefined && { template: input.template }),
      ...(input.signature && { signature: true }),
      ...(table && { table }),
      ...(input.repeatOnContinuedPages === false && { repeatOnContinuedPages: false }),
      ...(input.language && { language: input.language }),
    });
  }
  const fields = [...byLabel.values()];
  checkTemplateLabels(fields);
  return fields;
};

/**
 * A barcode's default prints whenever a payload leaves the field out, so it must be data its
 * code takes: refused on save rather than in every document.
 */
export const checkBarcodeDefaults = async (fields: readonly FieldSpec[]) => {
  for (const field of fields) {
    if (field.type !== 'barcode' || !field.barcode) continue;
    if (typeof field.default !== 'string' || field.default === '') continue;
    const problem = await barcodeDataProblem(field.barcode, field.default);
    if (problem) throw invalid(`The default of the field "${field.label}" ${problem}`);
  }
};

/** Keeps the fields whose every box still lies on the new pages; names the others. */
export const fieldsThatFit = (fields: FieldSpec[], pages: PageInfo[]) => {
  const kept: FieldSpec[] = [];
  const removed: string[] = [];
  for (const field of fields) {
    try {
      for (const box of boxesOfField(field)) checkOnPage(field.label, box, pages);
      kept.push(field);
    } catch {
      removed.push(field.label);
    }
  }
  return { kept, removed };
};

/** Every box a field draws in: its boxes (linked or repeated), or its own; and its options'. */
const boxesOfField = (field: FieldSpec): BoxOnPage[] => [
  ...(field.boxes ?? [field]),
  ...(field.options ?? []).flatMap((option) => (option.box ? [option.box] : [])),
];

/**
 * The fields a draft can fill: a replaced PDF may have fewer pages than the draft's fields (they
 * stay in the draft, listed and marked, until moved), and those print nothing rather than
 * failing the documents of integrations that fill the draft.
 */
export const fieldsOnPages = (fields: FieldSpec[], pageCount: number) =>
  fields.every((field) => boxesOfField(field).every((box) => box.page <= pageCount))
    ? fields
    : fields.filter((field) => boxesOfField(field).every((box) => box.page <= pageCount));

export const toTemplateInput = (field: FieldSpec): TemplateInput => ({
  id: field.id,
  rectX: field.rectX,
  rectY: field.rectY,
  rectWidth: field.rectWidth,
  rectHeight: field.rectHeight,
  page: field.page,
  label: field.label,
  ...(field.description && { description: field.description }),
  type: field.type.toUpperCase(),
  fontSize: field.fontSize,
  fontFamily: field.fontFamily,
  textAlign: field.textAlign,
  fontColor: field.fontColor,
  ...(field.boxes && { boxes: field.boxes }),
  ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
  ...(field.comb !== undefined && { comb: field.comb }),
  ...(field.options && { options: field.options }),
  ...(field.rotation && { rotation: field.rotation }),
  ...(field.format && { format: field.format }),
  ...(field.default !== undefined && { default: field.default }),
  ...(field.fixed && { fixed: true }),
  ...(field.barcode && { barcode: field.barcode }),
  ...(field.template !== undefined && { template: field.template }),
  ...(field.signature && { signature: true }),
  ...(field.table && { table: field.table }),
  ...(field.repeatOnContinuedPages === false && { repeatOnContinuedPages: false }),
  ...(field.language && { language: field.language }),
});
