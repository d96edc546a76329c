/**
 * Documents whose tables continue on more pages. Each table is measured and cut into pages
 * (table-layout.ts). A table that needs more than its box continues on copies of its page — or of
 * the continuation page it names — until every row is printed. Several tables may continue: each
 * page with such tables is followed by as many copies as its longest table needs, each table
 * printing its own rows on them. A table that would continue on a page another table already
 * repeats in another way prints what fits its box and is reported `truncated`.
 *
 * The document is filled as sheets of the template: sheet 0 draws every page once, sheet k the
 * k-th copy of each repeated page; the finished document takes each page from its sheet in reading
 * order (pdf-lib copies them into a new file). A field on a repeated page prints on every copy, or
 * on the last one only when its `repeatOnContinuedPages` is false (totals). A continuation page
 * the rows do not need is left out.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { PdfEngineError } from '../../errors.ts';
import type { FillContext } from '../../fill-context.ts';
import type { PageNumbering } from '../../page-numbers.ts';
import {
  measureTable,
  paginateRows,
  type RowSlice,
  type TableDraw,
  type TableLayout,
} from './table-layout.ts';
import type { BoxOnPage, FieldSpec, FieldValue, TableRow } from '../../types.ts';

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

/** Tables continuing from one page onto copies of one page (their own, or a continuation). */
interface Continuation {
  page: number;
  repeated: number;
  tables: MeasuredTable[];
  /** How many sheets draw the repeated page: the longest table's pages. */
  copies: number;
}

/** Sheet 0 holds the repeated page's first copy only when the tables' own page repeats. */
const firstCopy = (c: Continuation) => (c.repeated === c.page ? 0 : 1);

/**
 * Gathers the tables that need more than their box by the pages they repeat; a table whose pages
 * another continuation already uses differently is left out (it prints its first page only).
 */
const continuationsOf = (measured: readonly MeasuredTable[]) => {
  const continuations: Continuation[] = [];
  const leftOver = new Set<MeasuredTable>();
  for (const table of measured) {
    if (table.slices.length < 2) continue;
    const page = table.field.page;
    const repeated = table.field.table?.continuation?.page ?? page;
    const same = continuations.find((c) => c.page === page && c.repeated === repeated);
    if (same) {
      same.tables.push(table);
      same.copies = Math.max(same.copies, table.slices.length);
    } else if (
      continuations.some((c) => [c.page, c.repeated].some((p) => [page, repeated].includes(p)))
    ) {
      leftOver.add(table);
    } else {
      continuations.push({ page, repeated, tables: [table], copies: table.slices.length });
    }
  }
  return { continuations, leftOver };
};

/**
 * The finished document's pages: every template page once, in order, except that a page with
 * continuing tables is followed by the copies they need (of itself, or of their continuation page,
 * taken from where it stood), and unused continuation pages are left out.
 */
const pageSequence = (
  pageCount: number,
  continuations: readonly Continuation[],
  unused: ReadonlySet<number>,
): SequencePage[] => {
  const movedAway = new Set(continuations.filter((c) => firstCopy(c) === 1).map((c) => c.repeated));
  const sequence: SequencePage[] = [];
  for (let page = 1; page <= pageCount; page++) {
    if (unused.has(page) || movedAway.has(page)) continue;
    sequence.push({ page, sheet: 0 });
    for (const c of continuations.filter((c) => c.page === page)) {
      for (let sheet = 1; sheet < c.copies; sheet++) sequence.push({ page: c.repeated, sheet });
    }
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

/** Whether sheet `sheet` draws `field`: each page is taken from the sheets that hold its copies. */
const drawsOnSheet = (
  field: FieldSpec,
  sheet: number,
  continuations: readonly Continuation[],
  continuing: ReadonlyMap<FieldSpec, MeasuredTable>,
): boolean => {
  const own = continuing.get(field);
  if (own) return sheet < own.slices.length;
  const c = continuations.find((c) => c.repeated === field.page);
  if (!c) return sheet === 0;
  if (sheet < firstCopy(c) || sheet >= c.copies) return false;
  // Another table's rows print once; other fields on every copy, totals on the last.
  if (field.type === 'table') return sheet === firstCopy(c);
  return field.repeatOnContinuedPages !== false || sheet === c.copies - 1;
};

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
  const { continuations, leftOver } = continuationsOf(measured);
  const tables = new Map<string, TableDraw>(
    measured.map((t) => [
      t.field.label,
      { layout: t.layout, slice: t.slices[0]!, box: t.field, leavesRows: leftOver.has(t) },
    ]),
  );
  const repeatedPages = new Set(continuations.map((c) => c.repeated));
  const unused = new Set<number>();
  for (const field of fields) {
    const page = field.type === 'table' ? field.table?.continuation?.page : undefined;
    if (page !== undefined && !repeatedPages.has(page) && page !== field.page) unused.add(page);
  }
  if (continuations.length === 0 && unused.size === 0) return { tables };
  const sequence = pageSequence(ctx.template.pages.length, continuations, unused);
  const continuing = new Map(continuations.flatMap((c) => c.tables.map((t) => [t.field, t])));
  const sheetCount = Math.max(1, ...continuations.map((c) => c.copies));
  const sheets: Sheet[] = [];
  for (let sheet = 0; sheet < sheetCount; sheet++) {
    const own = new Map(tables);
    for (const table of continuing.values()) {
      if (sheet >= table.slices.length) continue;
      const box = sheet === 0 ? table.field : continuationBox(table.field);
      own.set(table.field.label, { layout: table.layout, slice: table.slices[sheet]!, box });
    }
    sheets.push({
      fields: fields.filter((field) => drawsOnSheet(field, sheet, continuations, continuing)),
      tables: own,
      numbering: numberingOf(sequence, sheet),
    });
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
