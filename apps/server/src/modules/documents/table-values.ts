/**
 * A table field's rows as generate reads them: a list of objects, each with a property per column
 * label, number and date columns in their formats. The first problem is named with its row and
 * column; cells come back as the text they print.
 */
import { expectedByFormat, MAX_TABLE_CELL, MAX_TABLE_ROWS } from '@platen/contract';
import type { FieldSpec, TableRow } from '@platen/pdf-engine';
import { formatValue } from '../templates/index.ts';

export type TableRowsResult = { rows: TableRow[] } | { problem: string };

const isRowObject = (row: unknown): row is Record<string, unknown> =>
  typeof row === 'object' && row !== null && !Array.isArray(row);

/** One cell as it prints, or what is wrong with it. */
const printedCell = (
  column: NonNullable<FieldSpec['table']>['columns'][number],
  cell: unknown,
): { text: string | undefined } | { expected: string } => {
  if (cell === null || cell === undefined || cell === '') return { text: undefined };
  const isPlain = typeof cell === 'string' || (typeof cell === 'number' && Number.isFinite(cell));
  if (!isPlain) return { expected: column.format ? expectedByFormat(column.format) : 'text' };
  if (String(cell).length > MAX_TABLE_CELL) {
    return { expected: `text of at most ${MAX_TABLE_CELL} characters` };
  }
  if (!column.format) return { text: String(cell) };
  const text = formatValue(column.format, cell);
  return typeof text === 'string' ? { text } : { expected: expectedByFormat(column.format) };
};

/** Reads a table field's value: its rows as printed, or the first problem, naming the field. */
export const readTableRows = (field: FieldSpec, value: unknown): TableRowsResult => {
  const columns = field.table?.columns ?? [];
  const names = columns.map((c) => `"${c.label}"`).join(', ');
  const about = `The value of "${field.label}"`;
  if (!Array.isArray(value)) {
    return {
      problem: `${about} must be a list of rows, each an object with the columns ${names}.`,
    };
  }
  if (value.length > MAX_TABLE_ROWS) {
    return {
      problem: `${about} has ${value.length} rows; a table prints at most ${MAX_TABLE_ROWS}.`,
    };
  }
  const rows: TableRow[] = [];
  for (const [index, row] of (value as unknown[]).entries()) {
    const at = `row ${index + 1}`;
    if (!isRowObject(row)) {
      return { problem: `${about}: ${at} must be an object with the columns ${names}.` };
    }
    const unknown = Object.keys(row).find((key) => !columns.some((c) => c.label === key));
    if (unknown !== undefined) {
      return {
        problem: `${about}: ${at} has a column "${unknown}" the table does not have (its columns: ${names}).`,
      };
    }
    const printed: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const column of columns) {
      if (!Object.hasOwn(row, column.label)) continue;
      const cell = printedCell(column, row[column.label]);
      if ('expected' in cell) {
        return { problem: `${about}: ${at}, column "${column.label}" must be ${cell.expected}.` };
      }
      if (cell.text !== undefined) printed[column.label] = cell.text;
    }
    rows.push(printed);
  }
  return { rows };
};
