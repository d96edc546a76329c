import { exampleBarcodeData, exampleChoiceValue, exampleTableRow } from '@platen/contract';
import type { FieldSpec, FieldType } from '@platen/pdf-engine';
import { takesPayloadValue } from './template-text.ts';

/** A 16×16 brand-blue PNG: a working value for image fields that needs no network. */
const SAMPLE_PNG_DATA_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVR4nGNQ6n72nxLMMGrA/9EweDYaBt3DIgwAaUmSH6Bn+N4AAAAASUVORK5CYII=';

const EXAMPLES: Record<Exclude<FieldType, 'choice' | 'barcode' | 'table'>, unknown> = {
  text: 'Jane Doe',
  date: '2026-01-31',
  number: 42,
  email: 'jane.doe@example.com',
  long_text:
    'This longer text wraps over as many lines as its box holds, and shrinks when it needs to.',
  linked_text: 'A text that flows from one box into the next, in the order of the boxes.',
  image: SAMPLE_PNG_DATA_URI,
  checkbox: true,
  radio: true,
};

/** Shorter stand-ins, longest first, for one-line text boxes too narrow for the first example. */
const SHORTER_TEXT = ['Jane', 'J. D.', 'JD', 'J'];
/** What a comb or a short numbered box usually holds: digits. */
const DIGITS = '1234567890';
/**
 * Points one character needs per point of font size: about half an em wide, and a one-line
 * field may shrink its text to two thirds of its size before an example looks wrong.
 */
const CHAR_WIDTH_PER_PT = 0.5 * (2 / 3);

/** How many characters fit on one line of the box (along its text), allowing some shrinking. */
const charsThatFit = (field: FieldSpec) => {
  const length =
    field.rotation === 90 || field.rotation === 270 ? field.rectHeight : field.rectWidth;
  return Math.max(1, Math.floor((length - 4) / (field.fontSize * CHAR_WIDTH_PER_PT)));
};

/** A text-like example no longer than the field takes and, on one line, as wide as its box. */
const fittingText = (field: FieldSpec, example: string): string => {
  if (field.comb && field.maxLength) return DIGITS.repeat(10).slice(0, field.maxLength);
  const limit = Math.min(
    field.maxLength ?? Infinity,
    field.type === 'long_text' || field.type === 'linked_text' ? Infinity : charsThatFit(field),
  );
  if (example.length <= limit) return example;
  if (field.type === 'number' || field.type === 'date') return DIGITS.slice(0, limit);
  return SHORTER_TEXT.find((text) => text.length <= limit) ?? example.slice(0, limit);
};

/** A realistic value that generate accepts for this field (see `exampleValues`). */
export const exampleValue = (field: FieldSpec): unknown => {
  // The form's own value reads truer than any stand-in.
  if (field.default !== undefined) return field.default;
  if (field.type === 'choice') return exampleChoiceValue(field.options);
  if (field.type === 'barcode') return exampleBarcodeData(field.barcode);
  // Two rows show the shape: a list of objects, a property per column.
  if (field.type === 'table') {
    const columns = field.table?.columns ?? [];
    return [exampleTableRow(columns), exampleTableRow(columns, 2)];
  }
  // A formatted field prints its own text: the example is the value it reads, whatever its box.
  if (field.format?.kind === 'date') return EXAMPLES.date;
  if (field.format?.kind === 'number') return 1234.5;
  const example = EXAMPLES[field.type];
  if (field.type === 'number' && field.maxLength === undefined && !field.comb) return example;
  return typeof example === 'number' ||
    (typeof example === 'string' && !example.startsWith('data:'))
    ? fittingText(field, String(example))
    : example;
};

/**
 * A realistic value per field, keyed by label: the template's and each version's `api.fields`,
 * the payload schema's `examples` and the tryout. Each fits its field: digits in a comb's cells,
 * no more characters than its max length, a shorter text where a one-line box is narrow, a
 * choice's first option; a field's default where it has one. A fixed field and a field that
 * prints a template take no value and are left out.
 */
export const exampleValues = (fields: readonly FieldSpec[]): Record<string, unknown> =>
  Object.fromEntries(
    fields.filter(takesPayloadValue).map((field) => [field.label, exampleValue(field)]),
  );

// Single quotes keep the shell from expanding anything; a quote inside becomes '\''.
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command that generates a real document when pasted into a shell. */
export const curlCommand = (opts: { appUrl: string; apiKey: string; payload: unknown }): string =>
  [
    `curl -X POST ${shellQuote(`${opts.appUrl}/v1/document/generate/template`)}`,
    `  -H 'Content-Type: application/json'`,
    `  -H ${shellQuote(`x-api-key: ${opts.apiKey}`)}`,
    `  -d ${shellQuote(JSON.stringify(opts.payload))}`,
    `  -o document.pdf`,
  ].join(' \\\n');
