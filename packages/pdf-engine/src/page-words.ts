/**
 * The words a page prints next to a box: a form without tooltips (most LiveCycle-made tax
 * forms) still prints "1 Name (as shown on your income tax return)" right above its first box.
 * pdf.js reads the page's text (content streams only: widget appearances are annotations and
 * not read); runs on one baseline are joined into lines, in the displayed page's top-left
 * points, the model fields use.
 */
import type {
  PDFDocumentLoadingTask,
  PDFDocumentProxy,
  PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfjsAssets } from './render-preview.ts';
import type { BoxOnPage } from './types.ts';

/** A line of text as the page shows it, upright, in points from the displayed top-left. */
export interface PrintedLine {
  text: string;
  left: number;
  right: number;
  /** The baseline; the line's letters stand above it. */
  baseline: number;
  size: number;
}

type Run = PrintedLine;

// Runs farther apart than this many font sizes are different columns, not one line.
const COLUMN_GAP = 1.5;
// How far above a box its caption may print, and how far to its left.
const MAX_ABOVE_PT = 24;
const MAX_LEFT_PT = 100;
// How far right of a checkbox its caption may begin ("☐ Amended return").
const MAX_RIGHT_PT = 12;
// How far above a grid of boxes its heading may print ("Month 1" over eight rows of days).
const MAX_HEADING_PT = 200;

/** Upright runs of text of one page, from pdf.js's text content. */
const runsOf = async (page: PdfjsPage): Promise<Run[]> => {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [a = 0, b = 0, , , e = 0, f = 0] = item.transform as number[];
    const size = Math.hypot(a, b);
    if (size === 0) continue;
    const end = { x: e + (a / size) * item.width, y: f + (b / size) * item.width };
    const [x0, y0] = viewport.convertToViewportPoint(e, f) as [number, number];
    const [x1, y1] = viewport.convertToViewportPoint(end.x, end.y) as [number, number];
    // Upright on the displayed page only: turned captions belong to no one box.
    if (Math.abs(y1 - y0) > 0.5 || x1 < x0) continue;
    runs.push({ text: item.str, left: x0, right: x1, baseline: y0, size });
  }
  return runs;
};

/** Runs on one baseline and close together, joined left to right into lines. */
const linesOf = (runs: Run[]): PrintedLine[] => {
  const sorted = [...runs].sort((p, q) => p.baseline - q.baseline || p.left - q.left);
  const lines: PrintedLine[] = [];
  for (const run of sorted) {
    const line = lines.findLast(
      (l) =>
        Math.abs(l.baseline - run.baseline) < 0.5 * Math.max(l.size, run.size) &&
        run.left >= l.left &&
        run.left - l.right < COLUMN_GAP * Math.max(l.size, run.size),
    );
    if (!line) {
      lines.push({ ...run });
      continue;
    }
    const needsSpace = run.left - line.right > 0.15 * run.size && !line.text.endsWith(' ');
    line.text = `${line.text}${needsSpace ? ' ' : ''}${run.text}`;
    line.right = Math.max(line.right, run.right);
  }
  return lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }));
};

const overlapsAcross = (line: PrintedLine, box: BoxOnPage) =>
  line.left < box.rectX + box.rectWidth && line.right > box.rectX;

/** Whether the line's letters stand level with the box's middle. */
export const isOnHeightOf = (line: PrintedLine, box: BoxOnPage) =>
  Math.abs(line.baseline - line.size / 3 - (box.rectY + box.rectHeight / 2)) < 8;

/** Whether the line prints left of the box (within MAX_LEFT_PT), on the box's height. */
const isLeftOf = (line: PrintedLine, box: BoxOnPage) => {
  const left = box.rectX - line.right;
  return left >= -1 && left <= MAX_LEFT_PT && isOnHeightOf(line, box);
};

// A caption on the box's own line belongs to it more surely than one above: a line above
// counts as this many times farther than it is.
const ABOVE_WEIGHT = 3;

/**
 * The line printed just above the box (over it, within MAX_ABOVE_PT) or just left of it (on
 * its height), the nearest first (a line above counting ABOVE_WEIGHT times its distance),
 * as `accept` makes it a caption; undefined when no line near it is one.
 */
export const wordsBeside = (
  lines: PrintedLine[],
  box: BoxOnPage,
  accept: (text: string) => string | undefined,
): string | undefined => {
  const near: { text: string; distance: number }[] = [];
  for (const line of lines) {
    const above = box.rectY - line.baseline;
    const isAbove = above >= -1 && above <= MAX_ABOVE_PT && overlapsAcross(line, box);
    const left = box.rectX - line.right;
    const distance = Math.min(
      isAbove ? above * ABOVE_WEIGHT : Infinity,
      isLeftOf(line, box) ? left : Infinity,
    );
    if (distance < Infinity) near.push({ text: line.text, distance });
  }
  // The nearest that reads as a caption: a line number in its own little box is passed over.
  for (const { text } of near.sort((p, q) => p.distance - q.distance)) {
    const caption = accept(text);
    if (caption) return caption;
  }
  return undefined;
};

/**
 * The line printed just right of the box (beginning within MAX_RIGHT_PT, on its height), as
 * `accept` makes it a caption: where a checkbox's words stand ("☐ Amended return").
 */
export const wordsRightOf = (
  lines: PrintedLine[],
  box: BoxOnPage,
  accept: (text: string) => string | undefined,
): string | undefined => {
  const boxRight = box.rectX + box.rectWidth;
  const right = lines
    .filter((line) => line.left - boxRight >= -1 && line.left - boxRight <= MAX_RIGHT_PT)
    .filter((line) => isOnHeightOf(line, box))
    .sort((p, q) => p.left - q.left)[0];
  return right && accept(right.text);
};

/** The lines printed left of the box on its height, within MAX_LEFT_PT, the nearest first. */
export const linesLeftOf = (lines: PrintedLine[], box: BoxOnPage): PrintedLine[] =>
  lines.filter((line) => isLeftOf(line, box)).sort((p, q) => q.right - p.right);

/**
 * The heading of a grid the box stands in: the nearest line above it (within MAX_HEADING_PT)
 * that starts left of the box and that `accept` makes a caption.
 */
export const headingAbove = (
  lines: PrintedLine[],
  box: BoxOnPage,
  accept: (text: string) => string | undefined,
): string | undefined => {
  const above = lines
    .filter((line) => {
      const distance = box.rectY - line.baseline;
      return distance >= -1 && distance <= MAX_HEADING_PT && line.left <= box.rectX;
    })
    .sort((p, q) => q.baseline - p.baseline);
  for (const line of above) {
    const caption = accept(line.text);
    if (caption) return caption;
  }
  return undefined;
};

type PdfjsPage = PDFPageProxy;

/** A page's printed text: its upright runs as pdf.js gives them, and those runs joined into lines. */
export interface PrintedText {
  runs: PrintedLine[];
  lines: PrintedLine[];
}

const NO_TEXT: PrintedText = { runs: [], lines: [] };

/**
 * The printed text of a PDF's pages (1-based), for everything an import reads from the page
 * (field captions, option words): pdf.js opens the document once, on the first page asked for,
 * and reads each page once. A page pdf.js cannot read has no text: a caption is a help, never a
 * reason to refuse a form. `close` lets pdf.js go.
 */
export const printedTextReader = (pdf: Uint8Array) => {
  let task: PDFDocumentLoadingTask | undefined;
  let document: Promise<PDFDocumentProxy | undefined> | undefined;
  const pages = new Map<number, Promise<PrintedText>>();
  const open = async () => {
    try {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      task = pdfjs.getDocument({
        // A copy: pdf.js transfers the buffer it is given, and refuses a Node Buffer.
        data: new Uint8Array(pdf),
        ...pdfjsAssets(),
        isEvalSupported: false,
        useSystemFonts: false,
        verbosity: 0,
      });
      return await task.promise;
    } catch {
      return undefined;
    }
  };
  const read = async (n: number): Promise<PrintedText> => {
    const doc = await (document ??= open());
    if (!doc || n < 1 || n > doc.numPages) return NO_TEXT;
    try {
      const runs = await runsOf(await doc.getPage(n));
      return { runs, lines: linesOf(runs) };
    } catch {
      return NO_TEXT;
    }
  };
  return {
    page: (n: number): Promise<PrintedText> => {
      const known = pages.get(n);
      if (known) return known;
      const reading = read(n);
      pages.set(n, reading);
      return reading;
    },
    close: async () => {
      await task?.destroy();
    },
  };
};

export type PrintedTextReader = ReturnType<typeof printedTextReader>;
