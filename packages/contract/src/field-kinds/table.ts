// Table fields: their columns, header row and where their rows continue when the box is full.
// The payload schema, the API example, the field panel and the Form tab all read these.
import { z } from 'zod';

/** Most columns a table may have, and most rows one document may print. */
export const MAX_TABLE_COLUMNS = 20;
export const MAX_TABLE_ROWS = 2000;
/** The longest text of one cell. */
export const MAX_TABLE_CELL = 2000;

const columnLabel = z
  .string()
  .trim()
  .min(1, { error: 'Every column needs a label.' })
  .max(100, { error: 'A column label must be at most 100 characters.' })
  // As for field labels: a JSON row with this key is refused, so the column could never be filled.
  .refine((label) => label !== '__proto__', {
    error: 'A column cannot be labelled "__proto__": a JSON row cannot carry a value for it.',
  });

/**
 * A number column prints numbers in its number format, a date column ISO dates in its pattern;
 * any other column prints its text as it is (in upper case with the uppercase format).
 */
const columnFormat = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('date'),
      pattern: z.string().trim().min(1, { error: 'A date format needs a pattern.' }).max(40),
      locale: z.string().trim().min(2).max(35).optional(),
    }),
    z.object({
      kind: z.literal('number'),
      decimals: z.number().int().min(0).max(6).optional(),
      grouping: z.boolean().optional(),
      locale: z.string().trim().min(2).max(35).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, { error: 'A currency is a three-letter ISO 4217 code, like EUR.' })
        .optional(),
    }),
    z.object({ kind: z.literal('uppercase') }),
  ])
  .meta({ id: 'TableColumnFormat' });

export const tableColumnSchema = z
  .object({
    label: columnLabel.meta({ description: 'The key of the cell in each row, and its header.' }),
    widthShare: z.number().finite().positive().max(1000).meta({
      description:
        "The column's share of the table's width: shares 2, 1, 1 give the first column half of it.",
    }),
    align: z.enum(['left', 'center', 'right']).default('left'),
    format: columnFormat.optional(),
  })
  .meta({ id: 'TableColumn' });
export type TableColumn = z.infer<typeof tableColumnSchema>;

const points = z.number().finite().min(0).max(14_400);
const height = z.number().finite().positive().max(14_400);

/**
 * Where rows go once the table's own box is full: another page of the template, repeated as often
 * as the rows need, with rows in a box as wide as the table's, from `rectY` down `rectHeight`
 * points. When every row fits the table's box, that page is left out of the document.
 */
export const tableContinuationSchema = z
  .object({
    page: z.number().int().min(1).max(500),
    rectY: points,
    rectHeight: height,
  })
  .meta({ id: 'TableContinuation' });

/**
 * How a table field prints its rows: its value is a list of rows, each an object with a property
 * per column label. Rows fill the box downward in the field's font (or `rowFontSize`), cells
 * wrap; when the box is full the page is repeated, the header row again on top, until every row
 * is printed. A row is never split across pages. Removing or renaming a column of a published
 * table is a breaking change.
 */
export const tableOptionsSchema = z
  .object({
    columns: z
      .array(tableColumnSchema)
      .min(1, { error: 'A table needs at least one column.' })
      .max(MAX_TABLE_COLUMNS, { error: `A table has at most ${MAX_TABLE_COLUMNS} columns.` }),
    headerRow: z.boolean().default(true).meta({
      description: 'Print the column labels above the rows, on every page the table covers.',
    }),
    rowFontSize: z.number().min(6).max(72).optional().meta({
      description: "The font size of the rows and header; the field's fontSize when left out.",
    }),
    continuation: tableContinuationSchema.optional(),
  })
  .meta({ id: 'TableOptions' });
export type TableOptions = z.infer<typeof tableOptionsSchema>;
export type TableOptionsInput = z.input<typeof tableOptionsSchema>;

/** Column labels that repeat, which would make two cells share one key. */
export const repeatedColumnLabels = (columns: readonly { label: string }[]): string[] => {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { label } of columns) {
    if (seen.has(label)) repeated.add(label);
    seen.add(label);
  }
  return [...repeated];
};

/** A row the API example and the Form tab start from: a stand-in per column by its format. */
export const exampleTableRow = (
  columns: readonly Pick<TableColumn, 'label' | 'format'>[],
  n = 1,
): Record<string, unknown> =>
  Object.fromEntries(
    columns.map((column) => [
      column.label,
      column.format?.kind === 'number'
        ? 12.5 * n
        : column.format?.kind === 'date'
          ? `2026-01-${String(n).padStart(2, '0')}`
          : `${column.label} ${n}`,
    ]),
  );
