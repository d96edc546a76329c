/**
 * A table's rows measured and cut into pages. Each cell wraps in its column at the table's font
 * size (never shrinks: rows of one table read alike); a row is as tall as its tallest cell. Rows
 * fill a box downward under the header row; a row that does not fit goes whole to the next page.
 * A row taller than a whole box is printed alone on its page, cut at the box's foot, and the table
 * reports `truncated`.
 */
import { normaliseText, paddingFor } from '../../draw-text.ts';
import { shapeText, textMetrics, type EngineFonts, type ShapedText } from '../../engine-fonts.ts';
import { lineHeight, wrap, type LineRange } from '../../text-layout.ts';
import type { BoxOnPage, FieldSpec, TableColumn, TableRow } from '../../types.ts';

/** Space above and below a row's text, in points. */
export const ROW_PADDING = 2;

interface MeasuredCell {
  text: ShapedText;
  lines: LineRange[];
  /** The height of one line of this cell's text. */
  lineHeight: number;
}

export interface MeasuredRow {
  cells: MeasuredCell[];
  height: number;
}

export interface TableLayout {
  size: number;
  /** Each column's left edge and width, in points from the box's left. */
  columns: { x: number; width: number; column: TableColumn }[];
  header: MeasuredRow | undefined;
  rows: MeasuredRow[];
}

/** The text a cell prints: numbers as the caller gave them, nothing for null. */
const cellText = (row: TableRow, label: string): string => {
  const value = Object.hasOwn(row, label) ? row[label] : undefined;
  if (value === null || value === undefined) return '';
  return normaliseText(String(value), true);
};

const columnEdges = (columns: readonly TableColumn[], width: number) => {
  const total = columns.reduce((sum, c) => sum + c.widthShare, 0);
  let x = 0;
  return columns.map((column) => {
    const w = (width * column.widthShare) / total;
    const edge = { x, width: w, column };
    x += w;
    return edge;
  });
};

const measureRow = async (
  fonts: EngineFonts,
  field: FieldSpec,
  layout: Pick<TableLayout, 'size' | 'columns'>,
  texts: string[],
): Promise<MeasuredRow> => {
  const cells: MeasuredCell[] = [];
  let height = 0;
  for (const [i, { width }] of layout.columns.entries()) {
    const shaped = shapeText(fonts, texts[i]!, field.fontFamily, field.language);
    // Standard-font text is measured at once: an await per cell would cost a microtask each.
    const text = shaped instanceof Promise ? await shaped : shaped;
    const inner = width - 2 * paddingFor({ width, height: 0 });
    const lines = text.codes.length === 0 ? [] : wrap(text, inner, layout.size);
    const line = lineHeight(textMetrics(text, field.fontFamily), layout.size);
    cells.push({ text, lines, lineHeight: line });
    height = Math.max(height, lines.length * line);
  }
  const oneLine = Math.max(...cells.map((c) => c.lineHeight));
  return { cells, height: Math.max(height, oneLine) + 2 * ROW_PADDING };
};

/** Measures the header and every row of a table in a box of the given width. */
export const measureTable = async (
  fonts: EngineFonts,
  field: FieldSpec,
  rows: readonly TableRow[],
  width: number,
): Promise<TableLayout> => {
  const options = field.table!;
  const base = {
    size: options.rowFontSize ?? field.fontSize,
    columns: columnEdges(options.columns, width),
  };
  const labels = options.columns.map((c) => c.label);
  const header = options.headerRow ? await measureRow(fonts, field, base, labels) : undefined;
  const measured: MeasuredRow[] = [];
  for (const row of rows) {
    measured.push(
      await measureRow(
        fonts,
        field,
        base,
        labels.map((label) => cellText(row, label)),
      ),
    );
  }
  return { ...base, header, rows: measured };
};

/** Rows [start, end) of one page of the table. */
export interface RowSlice {
  start: number;
  end: number;
}

/** What one sheet of a document draws for a table: its measured rows, which of them, where. */
export interface TableDraw {
  layout: TableLayout;
  slice: RowSlice;
  box: BoxOnPage;
  /** Rows after the slice have no page to go to: the table is reported truncated. */
  leavesRows?: boolean;
}

/**
 * Cuts the rows into pages: the first in a box `firstHeight` tall, every later one in a box
 * `laterHeight` tall, each under its own header row. Always at least one page (an empty table
 * prints its header).
 */
export const paginateRows = (
  layout: TableLayout,
  firstHeight: number,
  laterHeight: number,
): RowSlice[] => {
  const headerHeight = layout.header?.height ?? 0;
  const slices: RowSlice[] = [];
  let start = 0;
  do {
    const space = (slices.length === 0 ? firstHeight : laterHeight) - headerHeight;
    let used = 0;
    let end = start;
    while (end < layout.rows.length) {
      const height = layout.rows[end]!.height;
      if (end > start && used + height > space + 1e-9) break;
      used += height;
      end++;
    }
    slices.push({ start, end });
    start = end;
  } while (start < layout.rows.length);
  return slices;
};
