import type { FieldKind } from './field-kinds.ts';

/**
 * A column of a batch file: the field it fills, the kind its form input has, a choice's options,
 * and whether the field takes one text per box (linked text) as well as one text for all boxes.
 */
export type BatchField = {
  label: string;
  kind: FieldKind;
  options: readonly { value: string; label: string }[];
  isList?: boolean;
};

/** A cell read for its field: the value generate takes, or why it cannot be sent. */
export type CellResult = { value: unknown } | { reason: string };

/** What generate prints for a number field (the payload schema's pattern for numbers). */
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);
/** Kinds whose values are checked; the others (text, e-mail, URL, long text) take any text. */
const CHECKED_KINDS = new Set<FieldKind>(['number', 'date', 'checkbox', 'choice', 'image']);
/** How many options a reason names before it says how many more there are. */
const OPTIONS_NAMED = 5;

/** A real day of the calendar: 2026-02-30 is refused, not rolled over to March. */
const isCalendarDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const isPicture = (text: string): boolean => {
  if (/^data:image\/[\w.+-]+[;,]/i.test(text)) return true;
  if (!/^https:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
};

const optionList = (options: BatchField['options']): string => {
  const named = options.slice(0, OPTIONS_NAMED).map((option) => option.value);
  const more = options.length - named.length;
  return more > 0 ? `${named.join(', ')} (and ${more} more)` : named.join(', ');
};

/** Text of a JSON number or boolean; undefined for anything that is not a plain value. */
const plainText = (raw: unknown): string | undefined =>
  typeof raw === 'string'
    ? raw
    : typeof raw === 'number' || typeof raw === 'boolean'
      ? String(raw)
      : undefined;

/** A JSON file's list for a linked-text field: one text per box, as generate takes it. */
const readList = (raw: unknown[]): CellResult => {
  const texts = raw.map(plainText);
  return texts.every((text) => text !== undefined)
    ? { value: texts }
    : { reason: 'is a list with a list or an object in it, not one text per box' };
};

const isRow = (row: unknown) => typeof row === 'object' && row !== null && !Array.isArray(row);
const NOT_ROWS = 'is not a JSON list of rows, like [{"Item": "Paper", "Qty": 2}]';

/**
 * A table's rows: a JSON file's list as it is, or a CSV cell holding that list as JSON text
 * (generate checks each row's columns and cells, naming the row).
 */
const readRows = (raw: unknown): CellResult => {
  let rows = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { value: null };
    try {
      rows = JSON.parse(raw);
    } catch {
      return { reason: NOT_ROWS };
    }
  }
  return Array.isArray(rows) && rows.every(isRow) ? { value: rows } : { reason: NOT_ROWS };
};

/**
 * One cell of a CSV row or one value of a JSON item, checked and converted for its field: the
 * field's kind decides (as it decides the single form's input). CSV cells are all text, so a
 * checkbox reads true/false/yes/no/1/0 and a number reads digits; a JSON file may also give
 * the typed value. A blank cell of a checked kind leaves the field empty (null).
 */
export const readCell = (field: BatchField, raw: unknown): CellResult => {
  if (raw === null || raw === undefined) return { value: null };
  if (field.kind === 'table') return readRows(raw);
  if (Array.isArray(raw) && field.isList) return readList(raw);
  const text = plainText(raw);
  if (text === undefined) return { reason: 'is a list or an object, not a single value' };
  if (!CHECKED_KINDS.has(field.kind)) return { value: text };
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  switch (field.kind) {
    case 'number':
      if (typeof raw === 'number') return { value: raw };
      // Sent as written: generate prints a numeric string from its own digits, which a
      // JavaScript number would round past 15–17 of them.
      return NUMBER.test(trimmed)
        ? { value: trimmed }
        : { reason: `"${trimmed}" is not a number (write it like 1234.5)` };
    case 'date':
      return isCalendarDate(trimmed)
        ? { value: trimmed }
        : { reason: `"${trimmed}" is not a date written yyyy-mm-dd` };
    case 'checkbox': {
      const word = trimmed.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { reason: `"${trimmed}" is not true/false, yes/no or 1/0` };
    }
    case 'choice': {
      const option =
        field.options.find((o) => o.value === trimmed) ??
        field.options.find((o) => o.label === trimmed);
      return option
        ? { value: option.value }
        : { reason: `"${trimmed}" is not one of its options: ${optionList(field.options)}` };
    }
    case 'image':
      return isPicture(trimmed)
        ? { value: trimmed }
        : { reason: 'is not an https:// URL or a data: URL of a picture' };
    default:
      return { value: text };
  }
};

/**
 * The columns a batch file may have: the fields of the form the Form tab shows for the chosen
 * version, with the kinds the form gives them, each choice field's options, and which fields the
 * form edits as a list (linked text, one text per box).
 */
export const batchFields = (
  kinds: Readonly<Record<string, FieldKind>>,
  options: Readonly<Record<string, BatchField['options'] | undefined>>,
  lists: readonly string[] = [],
): BatchField[] =>
  Object.entries(kinds).map(([label, kind]) => ({
    label,
    kind,
    options: options[label] ?? [],
    ...(lists.includes(label) && { isList: true }),
  }));
