/**
 * A table field's options as a save checks them: columns with distinct labels and formats that
 * can print, a continuation page the template has, and no default (rows come with each payload).
 */
import { repeatedColumnLabels, type TemplateInputValue } from '@platen/contract';
import type { FieldType, PageInfo, TableOptions } from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import { formatProblem } from './value-formats.ts';

const invalid = (message: string) => new AppError('INVALID_FIELDS', 400, message);

/** The field type whose formats a column's format is checked as. */
const COLUMN_TYPES: Record<'date' | 'number' | 'uppercase', FieldType> = {
  date: 'date',
  number: 'number',
  uppercase: 'text',
};

/** A table field's options, checked; other types carry none. */
export const tableOptions = (
  input: TemplateInputValue,
  pages: readonly PageInfo[],
): TableOptions | undefined => {
  if (input.fieldType !== 'table') return undefined;
  const { label, table } = input;
  if (!table) throw invalid(`The table field "${label}" needs its columns.`);
  if (input.default !== undefined) {
    throw invalid(`The table field "${label}" takes no default: its rows come with each payload.`);
  }
  const repeated = repeatedColumnLabels(table.columns);
  if (repeated.length > 0) {
    throw invalid(
      `The table field "${label}" has two columns labelled "${repeated[0]}". Each column label must be unique.`,
    );
  }
  for (const column of table.columns) {
    const problem =
      column.format &&
      formatProblem(
        `${label}" column "${column.label}`,
        COLUMN_TYPES[column.format.kind],
        column.format,
      );
    if (problem) throw invalid(problem);
  }
  const next = table.continuation;
  if (next) {
    const page = pages[next.page - 1];
    if (!page) {
      throw invalid(
        `The table field "${label}" continues on page ${next.page}, but the template has ${pages.length} page${pages.length === 1 ? '' : 's'}.`,
      );
    }
    if (next.rectY + next.rectHeight > page.height + 0.5) {
      throw invalid(`The rows of the table field "${label}" continue outside page ${next.page}.`);
    }
  }
  return {
    columns: table.columns.map(({ label: column, widthShare, align, format }) => ({
      label: column,
      widthShare,
      align,
      ...(format && { format }),
    })),
    headerRow: table.headerRow,
    ...(table.rowFontSize !== undefined && { rowFontSize: table.rowFontSize }),
    ...(next && { continuation: next }),
  };
};
