import { isEmailShape } from '@platen/contract';

/** How one value of the api payload is edited (product.md#validation "Dynamic form typing"). */
export type FieldKind =
  | 'image'
  | 'checkbox'
  | 'choice'
  | 'number'
  | 'email'
  | 'url'
  | 'date'
  | 'textarea'
  | 'text'
  | 'table';

const isRowObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A table field's value: a list of rows, each an object with a cell per column. */
const isTableValue = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every(isRowObject);

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const LONG_TEXT_CHARS = 120;

/**
 * product.md#validation, in its order: booleans → checkbox; numbers → number; e-mail-shaped → email; names
 * containing url or image → url; date-shaped → date; over 120 characters → textarea; else text.
 */
export const kindOf = (name: string, value: unknown): FieldKind => {
  if (typeof value === 'boolean') return 'checkbox';
  if (typeof value === 'number') return 'number';
  const text = typeof value === 'string' ? value : '';
  if (isEmailShape(text)) return 'email';
  if (/url|image/i.test(name)) return 'url';
  if (DATE.test(text)) return 'date';
  if (text.length > LONG_TEXT_CHARS) return 'textarea';
  return 'text';
};

/**
 * Each field's kind, decided once from the template's example payload: the input must not turn
 * into another kind while the user edits it (a cleared date is still a date, a long sentence in a
 * text box does not remount it as a textarea). Array fields take the kind of their first example.
 * The template's image fields get a picture input, its choice fields a select and its long text
 * fields a text area, whatever their names and however short their examples.
 */
export const kindsOfPayload = (
  example: Record<string, unknown>,
  imageFields: readonly string[] = [],
  choiceFields: readonly string[] = [],
  longTextFields: readonly string[] = [],
): Record<string, FieldKind> =>
  Object.fromEntries(
    Object.entries(example).map(([name, value]) => [
      name,
      imageFields.includes(name)
        ? 'image'
        : isTableValue(value)
          ? 'table'
          : choiceFields.includes(name)
            ? 'choice'
            : longTextFields.includes(name) && !Array.isArray(value)
              ? 'textarea'
              : kindOf(name, Array.isArray(value) ? (value as unknown[])[0] : value),
    ]),
  );

/** product.md#validation: names containing image, avatar or photo show a preview of the picture. */
export const hasImagePreview = (name: string): boolean => /image|avatar|photo/i.test(name);

const DATA_URI = /^data:([^;,]+)(;base64)?,/i;
/** Past this length a data: URI is shown shortened in the payload preview. */
const SHORT_DATA_URI_CHARS = 64;

/** A data: URI's size in bytes, about: base64 holds 3 bytes in 4 characters. */
const dataUriBytes = (uri: string, head: string, isBase64: boolean) => {
  const data = uri.length - head.length;
  return isBase64 ? Math.floor((data * 3) / 4) : data;
};

const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} kB`;

/**
 * The payload as the preview shows it: each long data: URI (an uploaded picture) becomes a short
 * placeholder with its type and size, so the preview stays readable. Generate sends the real one.
 */
export const payloadPreview = (body: unknown): string =>
  JSON.stringify(
    body,
    (_key, value: unknown) => {
      if (typeof value !== 'string' || value.length <= SHORT_DATA_URI_CHARS) return value;
      const match = DATA_URI.exec(value);
      if (!match) return value;
      return `${match[0]}… (${formatBytes(dataUriBytes(value, match[0], Boolean(match[2])))})`;
    },
    2,
  );

/** A new array item shaped like the existing ones (an empty string for an empty list). */
export const blankLike = (items: readonly unknown[]): unknown => {
  const sample = items[0];
  if (typeof sample === 'boolean') return false;
  if (typeof sample === 'number') return 0;
  return '';
};
