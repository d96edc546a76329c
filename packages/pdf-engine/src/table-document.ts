/**
 * Documents whose tables continue on more pages. Each table is measured and cut into pages
 * (table-layout.ts). When one needs more than its box, the first such table (in field order)
 * decides: its page — or its continuation page — is repeated until every row is printed. Other
 * tables print what fits their box, reported `truncated` when rows are left.
 *
 * The document is filled as sheets of the template: sheet 0 draws every page once, sheet k the
 * k-th copy of the repeated page; the finished document takes each page from its sheet in reading
 * order (pdf-lib copies them into a new file). A field on a repeated page prints on every copy, or
 * on the last one only when its `repeatOnContinuedPages` is false (totals). A continuation page
 * the rows do not need is left out.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { PdfEngineError } from './errors.ts';
import type { FillContext } from './fill-context.ts';
import type { PageNumbering } from './page-numbers.ts';
import {
  measureTable,
  paginateRows,
  type RowSlice,
  type TableDraw,
  type TableLayout,
} from './table-layout.ts';
import type { BoxOnPage, FieldSpec, FieldValue, TableRow } from './types.ts';

interface MeasuredTable {
  field: FieldSpec;
  layout: TableLayout;
  slices: RowSlice[];
}

/** One page of the finished document: a template page as one sheet drew it. */
export interface SequencePage {
  page: number;
  sheet: number;
}

interface Sheet {
  fields: FieldSpec[];
  tables: Map<string, TableDraw>;
  numbering: PageNumbering;
}

export interface TablePlan {
  /** Absent when the template's pages print once each, as they are. */
  sheets?: Sheet[];
  sequence?: SequencePage[];
  /** The tables each field draws on a document of one sheet. */
  tables: Map<string, TableDraw>;
}

const notRows = (label: string) =>
  new PdfEngineError('INVALID_VALUE', `The value of "${label}" must be a list of rows.`, [label]);

/** A table's value as rows: a list of objects (a cell per column label). */
const tableRows = (field: FieldSpec, value: FieldValue): readonly TableRow[] => {
  if (!Array.isArray(value)) throw notRows(field.label);
  for (const row of value as unknown[]) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw notRows(field.label);
  }
  return value as unknown as readonly TableRow[];
};

const continuationBox = (field: FieldSpec): BoxOnPage => {
  const next = field.table?.continuation;
  if (!next) return field;
  return { ...field, page: next.page, rectY: next.rectY, rectHeight: next.rectHeight };
};

const firstPage = (table: MeasuredTable): TableDraw => ({
  layout: table.layout,
  slice: table.slices[0]!,
  box: table.field,
});

/**
 * The finished document's pages: every template page once, in order, except that the deciding
 * table's page is followed by its copies (or copies of its continuation page, taken from where
 * it stood), and unused continuation pages are left out.
 */
const pageSequence = (
  pageCount: number,
  driver: { page: number; continuationPage?: number | undefined; pages: number } | undefined,
  unused: ReadonlySet<number>,
): SequencePage[] => {
  const repeated = driver?.continuationPage ?? driver?.page;
  const isSeparate = driver !== undefined && repeated !== driver.page;
  const sequence: SequencePage[] = [];
  for (let page = 1; page <= pageCount; page++) {
    if (unused.has(page) || (isSeparate && page === repeated)) continue;
    sequence.push({ page, sheet: 0 });
    if (page !== driver?.page) continue;
    for (let sheet = 1; sheet < driver.pages; sheet++) sequence.push({ page: repeated!, sheet });
  }
  return sequence;
};

const numberingOf = (sequence: SequencePage[], sheet: number): PageNumbering => ({
  numberOf: (page) => {
    const own = sequence.findIndex((p) => p.page === page && p.sheet === sheet);
    return (own >= 0 ? own : sequence.findIndex((p) => p.page === page)) + 1;
  },
  pages: sequence.length,
});

/** Measures every table with rows and decides how often which page repeats. */
export const planTables = async (
  ctx: FillContext,
  fields: readonly FieldSpec[],
  valueOf: (field: FieldSpec) => FieldValue,
): Promise<TablePlan> => {
  const measured: MeasuredTable[] = [];
  for (const field of fields) {
    if (field.type !== 'table' || !field.table) continue;
    const value = valueOf(field);
    if (value === null || value === undefined || value === '') continue;
    const rows = tableRows(field, value);
    const layout = await measureTable(ctx.fonts, field, rows, field.rectWidth);
    const later = field.table.continuation?.rectHeight ?? field.rectHeight;
    measured.push({ field, layout, slices: paginateRows(layout, field.rectHeight, later) });
  }
  const tables = new Map(measured.map((t) => [t.field.label, firstPage(t)]));
  const driver = measured.find((t) => t.slices.length > 1);
  const unused = new Set<number>();
  for (const field of fields) {
    const page = field.type === 'table' ? field.table?.continuation?.page : undefined;
    if (page !== undefined && field !== driver?.field && page !== field.page) unused.add(page);
  }
  const pageCount = ctx.template.pages.length;
  if (!driver && unused.size === 0) return { tables };
  const continuationPage = driver?.field.table?.continuation?.page;
  const sequence = pageSequence(
    pageCount,
    driver && { page: driver.field.page, continuationPage, pages: driver.slices.length },
    unused,
  );
  const sheetCount = driver?.slices.length ?? 1;
  const repeated = continuationPage ?? driver?.field.page;
  const sheets: Sheet[] = [];
  for (let sheet = 0; sheet < sheetCount; sheet++) {
    const isLast = sheet === sheetCount - 1;
    // Sheet 0 holds the repeated page's first copy only when the table's own page repeats.
    const firstCopy = repeated === driver?.field.page ? 0 : 1;
    const drawsCopy = (field: FieldSpec) =>
      field.repeatOnContinuedPages !== false || isLast || sheetCount === 1;
    const sheetFields = fields.filter((field) => {
      if (field === driver?.field) return true;
      if (field.page !== repeated) return sheet === 0;
      if (sheet < firstCopy) return false; // the document takes this page from later sheets
      return drawsCopy(field);
    });
    const own = new Map(tables);
    if (driver) {
      own.set(driver.field.label, {
        layout: driver.layout,
        slice: driver.slices[sheet]!,
        box: sheet === 0 ? driver.field : continuationBox(driver.field),
      });
    }
    sheets.push({ fields: sheetFields, tables: own, numbering: numberingOf(sequence, sheet) });
  }
  return { sheets, sequence, tables };
};

/** The finished document: each page of the sequence copied from the sheet that drew it. */
export const assembleSheets = async (
  sheets: readonly Uint8Array[],
  sequence: readonly SequencePage[],
): Promise<Uint8Array> => {
  const out = await PDFDocument.create({ updateMetadata: false });
  const sources = await Promise.all(
    sheets.map((bytes) => PDFDocument.load(bytes, { updateMetadata: false })),
  );
  const copied = [];
  for (const [sheet, source] of sources.entries()) {
    const pages = sequence.filter((p) => p.sheet === sheet).map((p) => p.page - 1);
    copied.push(await out.copyPages(source, pages));
  }
  for (const { sheet } of sequence) out.addPage(copied[sheet]!.shift());
  return out.save({ useObjectStreams: false });
};
