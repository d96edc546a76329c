/** What every RESULTS.md section is written with: medians, number formats, Markdown tables. */

/** The median of the finite values (the mean of the middle two for an even count); NaN if none. */
export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A number with thousands separators and `digits` decimals; `—` for NaN or infinity. */
export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : '—';

/** Milliseconds with as many decimals as their size needs. */
export const ms = (value: number) =>
  value < 1 ? fmt(value, 3) : value < 100 ? fmt(value, 1) : fmt(value);

/** A column's title; numbers are right-aligned. */
export type Column = { title: string; isNumber?: boolean };

/** The lines of a Markdown table. */
export const markdownTable = (columns: Column[], rows: string[][]) => [
  `| ${columns.map((c) => c.title).join(' | ')} |`,
  `| ${columns.map((c) => (c.isNumber ? '---:' : '---')).join(' | ')} |`,
  ...rows.map((cells) => `| ${cells.join(' | ')} |`),
];
