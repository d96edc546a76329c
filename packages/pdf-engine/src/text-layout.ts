/**
 * Fitting text into boxes, as pure arithmetic on character advance widths (points at 1 pt size).
 * The drawing code measures once, lays out here, then draws exactly the ranges returned, so what
 * is measured is what is drawn.
 */
import { NEWLINE, SPACE } from './code-points.ts';
import type { LineMetrics } from './fonts.ts';
import type { FitResult } from './fill-result-types.ts';

/**
 * The smallest size text shrinks to before it is truncated.
 *
 * @example
 * if (report[label]?.fontSize === MIN_FONT_SIZE) hint('Enlarge this box.');
 */
export const MIN_FONT_SIZE = 6;
const SHRINK_STEP = 0.5;

/** A string split into characters (code points) with their advance widths at 1 pt. */
export interface MeasuredText {
  codes: number[];
  widths: number[];
  /** 1 where a line may break before a character without a space (line-breaks.ts). */
  breaks?: Uint8Array;
  /**
   * 1 where a character belongs to the grapheme cluster of the one before (line-breaks.ts): a
   * word broken for want of room is broken between clusters, never inside one.
   */
  joins?: Uint8Array;
}

/** Characters [start, end) of a MeasuredText, drawn as one line. */
export interface LineRange {
  start: number;
  end: number;
}

/** Where and how big the text goes, in a box-local frame (origin bottom-left, y up). */
export interface TextLayout {
  size: number;
  lines: LineRange[];
  result: FitResult;
}

/** The inner size of a box after padding, in points. */
export interface Space {
  width: number;
  height: number;
}

export const lineHeight = (m: LineMetrics, size: number) => (m.ascent - m.descent) * size;

const isSpace = (code: number | undefined) => code === SPACE;

/** The width of a range at a size, without its trailing spaces. */
export const rangeWidth = (t: MeasuredText, r: LineRange, size: number): number => {
  let end = r.end;
  while (end > r.start && isSpace(t.codes[end - 1])) end--;
  let sum = 0;
  for (let i = r.start; i < end; i++) sum += t.widths[i]!;
  return sum * size;
};

/**
 * Where a word too long for its line is cut before character `i`: at the start of i's grapheme
 * cluster, or, when the line's first cluster alone is wider than the line, after that cluster
 * (it overflows rather than splits).
 */
const clusterCut = (t: MeasuredText, start: number, i: number, end: number): number => {
  const joins = t.joins;
  if (!joins) return i;
  let cut = i;
  while (cut > start && joins[cut]) cut--;
  if (cut > start) return cut;
  cut = i;
  while (cut < end && joins[cut]) cut++;
  return cut;
};

/**
 * Ends one line starting at `start`: at a newline, else at the last place that fits where a line
 * may break (a space; between words of Thai, Lao, Khmer, Burmese; between CJK characters and
 * Hangul syllables unless kinsoku forbids it), else mid-word between grapheme clusters.
 */
const breakLine = (t: MeasuredText, start: number, end: number, maxWidth: number): LineRange => {
  let width = 0;
  let lastBreak = -1;
  const breaks = t.breaks;
  for (let i = start; i < end; i++) {
    const code = t.codes[i]!;
    if (code === NEWLINE) return { start, end: i };
    if (breaks?.[i] && i > start) lastBreak = i;
    const w = t.widths[i]!;
    if (width + w > maxWidth && i > start && !isSpace(code)) {
      return { start, end: lastBreak > start ? lastBreak : clusterCut(t, start, i, end) };
    }
    if (isSpace(code)) lastBreak = i;
    width += w;
  }
  return { start, end };
};

/** Skips the newline or spaces a line was broken at. */
const nextLineStart = (t: MeasuredText, from: number, end: number): number => {
  if (t.codes[from] === NEWLINE) return from + 1;
  let i = from;
  while (i < end && isSpace(t.codes[i])) i++;
  return i;
};

/** Breaks [start, end) into lines no wider than maxWidth points at `size`, words kept whole when they fit. */
export const wrap = (
  t: MeasuredText,
  maxWidth: number,
  size: number,
  start = 0,
  end = t.codes.length,
): LineRange[] => {
  const lines: LineRange[] = [];
  let i = start;
  while (i < end) {
    const line = breakLine(t, i, end, maxWidth / size);
    lines.push(line);
    i = nextLineStart(t, line.end, end);
    if (i === end && t.codes[end - 1] === NEWLINE) lines.push({ start: end, end });
  }
  return lines;
};

/**
 * The longest prefix of a range that fits maxWidth at size (the last resort: truncation), cut
 * between grapheme clusters.
 */
const clipRange = (t: MeasuredText, r: LineRange, maxWidth: number, size: number): LineRange => {
  let width = 0;
  for (let i = r.start; i < r.end; i++) {
    width += t.widths[i]! * size;
    if (width > maxWidth) {
      let cut = i;
      while (cut > r.start && t.joins?.[cut]) cut--;
      return { start: r.start, end: cut };
    }
  }
  return r;
};

// Rounded again so sizes read 6.1, not 6.1000000000000005.
const floorTo = (value: number, step: number) =>
  Math.round(Math.floor(value / step + 1e-9) * step * 1000) / 1000;

/** One line: shrink until it fits width and height, down to 6 pt; below that, cut it. */
export const fitSingleLine = (
  t: MeasuredText,
  space: Space,
  m: LineMetrics,
  fontSize: number,
): TextLayout => {
  const all: LineRange = { start: 0, end: t.codes.length };
  const width1 = rangeWidth(t, all, 1);
  const byWidth = width1 > 0 ? space.width / width1 : Infinity;
  const byHeight = space.height / lineHeight(m, 1);
  const best = Math.min(fontSize, byWidth, byHeight);
  if (best >= fontSize) return { size: fontSize, lines: [all], result: 'fitted' };
  const size = floorTo(best, 0.1);
  if (size >= MIN_FONT_SIZE) return { size, lines: [all], result: 'shrunk' };
  const floor = Math.min(fontSize, MIN_FONT_SIZE);
  if (rangeWidth(t, all, floor) <= space.width)
    return { size: floor, lines: [all], result: 'truncated' };
  return { size: floor, lines: [clipRange(t, all, space.width, floor)], result: 'truncated' };
};

/** The sizes tried, largest first: the field's size, then half-point steps down to 6 pt. */
export const candidateSizes = (fontSize: number): number[] => {
  const sizes: number[] = [];
  for (let size = fontSize; size > MIN_FONT_SIZE; size -= SHRINK_STEP) sizes.push(size);
  sizes.push(Math.min(fontSize, MIN_FONT_SIZE));
  return sizes;
};

/** Several lines: wrap at the field's size, shrink in half points until it fits, then cut. */
export const fitWrapped = (
  t: MeasuredText,
  space: Space,
  m: LineMetrics,
  fontSize: number,
  start = 0,
): TextLayout => {
  for (const size of candidateSizes(fontSize)) {
    const lines = wrap(t, space.width, size, start);
    if (lines.length * lineHeight(m, size) <= space.height + 1e-9) {
      const result = size < fontSize ? 'shrunk' : lines.length > 1 ? 'wrapped' : 'fitted';
      return { size, lines, result };
    }
  }
  const floor = Math.min(fontSize, MIN_FONT_SIZE);
  const lines = wrap(t, space.width, floor, start);
  const kept = lines
    .slice(0, linesThatFit(space, m, floor))
    .map((r) => clipRange(t, r, space.width, floor));
  return { size: floor, lines: kept, result: 'truncated' };
};

/** How many whole lines of `size` fit in a height (at least one, so flowing text always advances). */
export const linesThatFit = (space: Space, m: LineMetrics, size: number): number =>
  Math.max(1, Math.floor(space.height / lineHeight(m, size) + 1e-9));

/** How bad each result is for the reader: a value missing characters is worst. */
export const SEVERITY: Record<FitResult, number> = {
  fitted: 0,
  wrapped: 1,
  shrunk: 2,
  truncated: 3,
  missing_glyphs: 4,
};

/** The worst of several results, for a field drawn in several boxes. */
export const worstFit = (results: FitResult[]): FitResult =>
  results.reduce<FitResult>((worst, r) => (SEVERITY[r] > SEVERITY[worst] ? r : worst), 'fitted');
