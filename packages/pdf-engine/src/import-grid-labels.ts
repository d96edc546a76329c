/**
 * Captions for boxes of a form without tooltips that print none of their own, read from their
 * neighbours, as a person reads them:
 * - a box with only a number printed left of it ("9") is a cell of a grid: the number under the
 *   grid's heading (the 941's Schedule B: "Month 1: 9", a day's tax liability);
 * - a box that continues the one before it on its row, with at most punctuation printed between,
 *   takes that box's caption: cells of one character (the EIN's nine digits split by "–", a
 *   year's four) come out numbered ("Calendar year", "Calendar year 2", … by `uniqueLabels`), a
 *   narrow box after a wide one is the amount's cents ("Month 1: 9, cents").
 */
import { headingAbove, isOnHeightOf, linesLeftOf, type PrintedLine } from './page-words.ts';
import type { BoxOnPage } from './types.ts';

type Caption = (text: string) => string | undefined;

const BARE_NUMBER = /^\d{1,3}[a-z]?$/i;
const hasLettersOrDigits = (text: string) => /[\p{L}\p{N}]/u.test(text);
/** A box at most this wide right after one at least twice as wide holds the amount's cents. */
const MAX_CENTS_WIDTH = 24;

/** The caption of a grid cell, or undefined when the box is none (a caption of its own, no heading). */
export const gridCellCaption = (
  lines: PrintedLine[],
  box: BoxOnPage,
  caption: Caption,
): string | undefined => {
  const [nearest] = linesLeftOf(lines, box);
  if (!nearest || !BARE_NUMBER.test(nearest.text)) return undefined;
  // A caption anywhere on the row makes the number a line number ("7 Wages … 7 [box]").
  const row = lines.filter((line) => line.right <= box.rectX + 1 && isOnHeightOf(line, box));
  if (row.some((line) => caption(line.text))) return undefined;
  const heading = headingAbove(lines, box, caption);
  return heading && `${heading}: ${nearest.text}`;
};

const isCell = (box: BoxOnPage) => box.rectWidth <= 1.5 * box.rectHeight;

/** How `box` continues `before`, the box just left of it on its row; undefined when it does not. */
const continuation = (before: BoxOnPage, box: BoxOnPage): 'cell' | 'cents' | undefined => {
  const isSameRow =
    before.page === box.page &&
    Math.abs(before.rectY - box.rectY) <= 2 &&
    Math.abs(before.rectHeight - box.rectHeight) <= 2;
  const gap = box.rectX - (before.rectX + before.rectWidth);
  if (!isSameRow || gap < -1 || gap > 1.5 * Math.min(before.rectWidth, box.rectWidth)) {
    return undefined;
  }
  if (box.rectWidth <= MAX_CENTS_WIDTH && before.rectWidth >= 2 * box.rectWidth) return 'cents';
  const isAlike = Math.abs(before.rectWidth - box.rectWidth) <= 0.3 * box.rectWidth;
  return isCell(before) && isCell(box) && isAlike ? 'cell' : undefined;
};

/** A box that continues the entry of box `from`, as another cell of it or as its cents. */
export interface Continues {
  from: number;
  kind: 'cell' | 'cents';
}

/**
 * Which boxes continue the one before them on their row (see the top of this file), with at
 * most punctuation printed between. `boxes` are those that want words (undefined: none).
 */
export const continuations = (
  boxes: readonly (BoxOnPage | undefined)[],
  linesOf: (page: number) => PrintedLine[],
): (Continues | undefined)[] => {
  const out: (Continues | undefined)[] = boxes.map(() => undefined);
  const order = [...boxes.keys()]
    .filter((i) => boxes[i] !== undefined)
    .sort((i, j) => {
      const a = boxes[i]!;
      const b = boxes[j]!;
      return a.page - b.page || a.rectY - b.rectY || a.rectX - b.rectX;
    });
  for (const [k, i] of order.entries()) {
    const box = boxes[i]!;
    const before = order
      .slice(0, k)
      .map((j) => ({ from: j, kind: continuation(boxes[j]!, box) }))
      .findLast((c) => c.kind !== undefined);
    if (!before?.kind) continue;
    const left = boxes[before.from]!;
    const isSeparated = linesOf(box.page).some(
      (line) =>
        line.left >= left.rectX + left.rectWidth - 1 &&
        line.right <= box.rectX + 1 &&
        isOnHeightOf(line, box) &&
        hasLettersOrDigits(line.text),
    );
    if (!isSeparated) out[i] = { from: before.from, kind: before.kind };
  }
  return out;
};
