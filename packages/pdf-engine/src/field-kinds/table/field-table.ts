/**
 * Draws one page of a table field: the header row on a light band, then its rows, each cell's
 * lines from the top of the row in its column's alignment, a hairline under every row. Cells are
 * clipped to their column and the whole table to its box.
 */
import { beginBox, drawTextIn, endBox, type BoxFrame, type TextStyle } from '../../draw-text.ts';
import { boxFrame, type FillContext } from '../../fill-context.ts';
import { fillColor, strokeColor } from '../../page-canvas.ts';
import { nums } from '../../pdf-syntax.ts';
import { ROW_PADDING, type MeasuredRow, type RowSlice, type TableLayout } from './table-layout.ts';
import type { FieldFit } from '../../fill-result-types.ts';
import type { BoxOnPage, FieldSpec } from '../../types.ts';
import { rgb } from '@cantoo/pdf-lib';

const HEADER_BAND = rgb(0.92, 0.92, 0.92);
const RULE = rgb(0.6, 0.6, 0.6);

/**
 * Draws one row whose top is `top` points below the box's top, in the box's frame (begun by the
 * caller); returns whether it was cut.
 */
const drawRow = (
  page: ReturnType<typeof boxFrame>['page'],
  frame: BoxFrame,
  layout: TableLayout,
  row: MeasuredRow,
  top: number,
  style: TextStyle,
): boolean => {
  const bottom = frame.height - top - row.height;
  const visible = Math.max(0, Math.min(row.height, frame.height - top));
  let isCut = false;
  row.cells.forEach((cell, i) => {
    if (cell.lines.length === 0) return;
    const { x, width, column } = layout.columns[i]!;
    // The cell's text starts ROW_PADDING under the row's top: drawTextIn adds half of it.
    const area = { x, y: Math.max(bottom, 0), width, height: visible - ROW_PADDING / 2 };
    const fits = Math.floor((area.height - ROW_PADDING / 2) / cell.lineHeight + 1e-9);
    const lines = cell.lines.slice(0, Math.max(0, fits));
    if (lines.length < cell.lines.length) isCut = true;
    if (lines.length === 0) return;
    drawTextIn(
      page,
      area,
      cell.text,
      { size: layout.size, lines, result: 'fitted' },
      { ...style, align: column.align, anchor: 'top' },
    );
  });
  return isCut;
};

/** Draws the header and rows `slice` of a measured table in `box`; reports how they fitted. */
export const drawTablePage = (
  ctx: FillContext,
  field: FieldSpec,
  box: BoxOnPage,
  layout: TableLayout,
  slice: RowSlice,
  style: TextStyle,
): FieldFit => {
  const { page, frame } = boxFrame(ctx, field.label, box.page, box);
  const rules: number[] = [];
  let top = 0;
  beginBox(page, frame);
  if (layout.header) {
    const h = Math.min(layout.header.height, frame.height);
    page.push(fillColor(HEADER_BAND), `${nums([0, frame.height - h, frame.width, h])} re`, 'f');
    drawRow(page, frame, layout, layout.header, 0, style);
    top = layout.header.height;
    rules.push(top);
  }
  let isCut = false;
  let isWrapped = false;
  for (let i = slice.start; i < slice.end; i++) {
    const row = layout.rows[i]!;
    if (drawRow(page, frame, layout, row, top, style)) isCut = true;
    if (row.cells.some((cell) => cell.lines.length > 1)) isWrapped = true;
    top += row.height;
    rules.push(top);
  }
  page.push(strokeColor(RULE), '0.5 w');
  for (const y of rules) {
    const at = frame.height - Math.min(y, frame.height) + 0.25;
    page.push(`0 ${nums([at])} m ${nums([frame.width, at])} l S`);
  }
  endBox(page);
  return {
    result: isCut ? 'truncated' : isWrapped ? 'wrapped' : 'fitted',
    fontSize: layout.size,
  };
};
