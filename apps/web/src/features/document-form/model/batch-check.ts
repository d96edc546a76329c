import type { BatchTable, UnreadableFile } from './batch-file.ts';
import { readCell, type BatchField } from './batch-values.ts';

/**
 * What one batch may hold (the contract's MAX_BATCH_ITEMS and MAX_BATCH_BODY_BYTES). Passed in:
 * this module runs in a worker, which should not load the contract's schemas for two numbers.
 */
export type BatchLimits = { maxItems: number; maxBodyBytes: number };

/** How many row errors are listed; the others are counted. */
const LISTED_ROW_ERRORS = 50;

/** One thing wrong in a row: the row number as in the file, the column (if one), and why. */
type RowError = { row: number; column: string | null; reason: string };

/** A batch file checked against the fields of the version it fills, before anything is sent. */
export type BatchCheck = {
  /** One item per row: values by field label, as createBatch takes them. */
  items: Record<string, unknown>[];
  /** The file's row number of each item, to name the rows the server could not fill. */
  rowNumbers: number[];
  /** What is wrong with the file as a whole (unknown columns, no rows, too many rows). */
  fileErrors: string[];
  /** The first LISTED_ROW_ERRORS row errors, in file order. */
  rowErrors: RowError[];
  /** All row errors, listed or not. */
  rowErrorCount: number;
  /** Fields the file has no column for: they stay empty in every document. */
  missingColumns: string[];
};

export const hasErrors = (check: BatchCheck): boolean =>
  check.fileErrors.length > 0 || check.rowErrorCount > 0;

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

const duplicatesOf = (columns: readonly string[]) => [
  ...new Set(columns.filter((column, index) => columns.indexOf(column) !== index)),
];

/**
 * Checks every row of a batch file against its fields: each column must name a field (its
 * label), and each cell must suit its field's kind. Every error is counted, the first 50 kept.
 * Fields without a column are sent empty (null) so each item names every field.
 */
export const checkBatch = (
  table: BatchTable | UnreadableFile,
  fields: readonly BatchField[],
  limits: BatchLimits,
): BatchCheck => {
  const check: BatchCheck = {
    items: [],
    rowNumbers: [],
    fileErrors: [],
    rowErrors: [],
    rowErrorCount: 0,
    missingColumns: [],
  };
  if ('fileError' in table) {
    check.fileErrors.push(table.fileError);
    return check;
  }
  const byLabel = new Map(fields.map((field) => [field.label, field]));
  const unknown = table.columns.filter((column) => !byLabel.has(column));
  if (unknown.length > 0) {
    check.fileErrors.push(
      `${unknown.length === 1 ? 'This column is' : 'These columns are'} not fields of the template: ${quoted(unknown)}. The header row names fields by their labels: ${quoted(fields.map((f) => f.label))}.`,
    );
  }
  const duplicates = duplicatesOf(table.columns);
  if (duplicates.length > 0) {
    check.fileErrors.push(`These columns appear more than once: ${quoted(duplicates)}.`);
  }
  if (table.rows.length === 0) check.fileErrors.push('The file has no rows to fill.');
  if (table.rows.length > limits.maxItems) {
    check.fileErrors.push(
      `The file has ${table.rows.length.toLocaleString('en-US')} rows; a batch holds at most ${limits.maxItems.toLocaleString('en-US')}.`,
    );
  }
  check.missingColumns = fields
    .map((field) => field.label)
    .filter((label) => !table.columns.includes(label));

  const errors: RowError[] = table.rowErrors.map((error) => ({ ...error, column: null }));
  for (const { row, values } of table.rows) {
    const item: Record<string, unknown> = {};
    for (const field of fields) {
      if (!Object.hasOwn(values, field.label)) {
        item[field.label] = null;
        continue;
      }
      const cell = readCell(field, values[field.label]);
      if ('reason' in cell) errors.push({ row, column: field.label, reason: cell.reason });
      else item[field.label] = cell.value;
    }
    check.items.push(item);
    check.rowNumbers.push(row);
  }
  errors.sort((a, b) => a.row - b.row);
  check.rowErrors = errors.slice(0, LISTED_ROW_ERRORS);
  check.rowErrorCount = errors.length;
  if (!hasErrors(check)) {
    const bytes = new TextEncoder().encode(JSON.stringify(check.items)).length;
    if (bytes > limits.maxBodyBytes) {
      check.fileErrors.push(
        `The values come to ${Math.ceil(bytes / 1024 ** 2)} MB; a batch takes at most ${limits.maxBodyBytes / 1024 ** 2} MB (pictures as https:// URLs take less room than data: URLs).`,
      );
    }
  }
  return check;
};
