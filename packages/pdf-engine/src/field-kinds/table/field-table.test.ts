import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PdfEngineError } from '../../errors.ts';
import { createFillEngine } from '../../fill-engine.ts';
import { field } from '../../../test/fixtures.ts';
import type { FieldSpec, TableOptions, TableRow } from '../../types.ts';
import { hasPoppler } from '../../../../../test-fixtures/command-line-tools.ts';

const { fill } = createFillEngine();

if (!hasPoppler) {
  throw new Error('poppler-utils (pdftotext) is needed to read the tables back');
}
const dir = mkdtempSync(join(tmpdir(), 'platen-tables-'));
let counter = 0;
const saved = (pdf: Uint8Array) => {
  const file = join(dir, `${++counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
/** Each page's text as `pdftotext -layout` reads it. */
const pageTexts = (pdf: Uint8Array): string[] => {
  const text = spawnSync('pdftotext', ['-layout', saved(pdf), '-'], { encoding: 'utf8' }).stdout;
  return text.split('\f').slice(0, -1);
};

/** A template of named A4 pages, each printing its name at the top. */
const makePages = async (...names: string[]) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const name of names) doc.addPage([595.28, 841.89]).drawText(name, { x: 40, y: 810, font });
  return doc.save();
};

const lines: TableOptions = {
  columns: [
    { label: 'Item', widthShare: 3, align: 'left' },
    { label: 'Qty', widthShare: 1, align: 'right' },
    { label: 'Amount', widthShare: 1.2, align: 'right' },
  ],
  headerRow: true,
};

const table = (overrides: Partial<FieldSpec> = {}) =>
  field('Lines', {
    type: 'table',
    rectX: 40,
    rectY: 120,
    rectWidth: 515,
    rectHeight: 300,
    fontSize: 10,
    table: lines,
    ...overrides,
  });

/** Row n: every fifth one's item wraps over three lines, its words all tagged with the row. */
const rowsOf = (count: number): TableRow[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    const long = i % 5 === 4;
    const words = long ? Array.from({ length: 24 }, (_, w) => `r${n}w${w}`).join(' ') : '';
    return { Item: `Row ${n} ${words}`.trim(), Qty: i + 1, Amount: `${n}.50` };
  });

/** Short rows named `<name> 01`, … for telling several tables apart on a page. */
const namedRows = (name: string, count: number): TableRow[] =>
  Array.from({ length: count }, (_, i) => ({ Item: `${name} ${String(i + 1).padStart(2, '0')}` }));

/** On which pages (from 0) each named row printed: each must print exactly once. */
const pagesOfRows = (pages: string[], rows: TableRow[]) =>
  rows.map((row) => {
    const found = pages.flatMap((text, p) => (text.includes(String(row.Item)) ? [p] : []));
    expect(found, String(row.Item)).toHaveLength(1);
    return found[0]!;
  });

const header = field('Invoice no', { rectY: 60, rectWidth: 250, default: 'Invoice 2026-0042' });
const pageNo = field('Page', {
  rectX: 400,
  rectY: 60,
  rectWidth: 150,
  default: 'Page {page} of {pages}',
});
const total = field('Total', {
  rectX: 355,
  rectY: 440,
  rectWidth: 200,
  repeatOnContinuedPages: false,
});

describe('table fields', () => {
  let onePage: Uint8Array;
  beforeAll(async () => {
    onePage = await makePages('Invoice template');
  });

  it('prints 40 rows over three copies of the page, the header on each, no row split', async () => {
    const rows = rowsOf(40);
    const { pdf, fitReport } = await fill(onePage, [header, pageNo, table(), total], {
      Lines: rows,
      Total: 'Total 1,234.00',
    });
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toMatch(/Item\s+Qty\s+Amount/);
      expect(text).toContain('Invoice template');
      expect(text).toContain('Invoice 2026-0042');
      expect(text).toContain(`Page ${i + 1} of 3`);
    });
    // The total, a field that does not repeat, only on the last page.
    expect(pages.map((text) => text.includes('Total 1,234.00'))).toEqual([false, false, true]);
    // Every row once, in order; all of a row's words on one page.
    const pageOfRow = rows.map((_, i) => {
      const n = String(i + 1).padStart(2, '0');
      const found = pages.flatMap((text, p) => (text.includes(`Row ${n}`) ? [p] : []));
      expect(found, `Row ${n}`).toHaveLength(1);
      if (i % 5 === 4) {
        for (const p of [0, 1, 2]) {
          const words = pages[p]!.match(new RegExp(`r${n}w\\d+`, 'g')) ?? [];
          expect(words.length, `row ${n} on page ${p + 1}`).toBe(p === found[0] ? 24 : 0);
        }
      }
      return found[0]!;
    });
    expect(pageOfRow).toEqual([...pageOfRow].sort((a, b) => a - b));
    expect(new Set(pageOfRow)).toEqual(new Set([0, 1, 2]));
    const firstRow = pages[0]!.split('\n').find((line) => line.includes('Row 01'))!;
    expect(firstRow).toMatch(/Row 01\s+1\s+01\.50/);
    expect(fitReport.Lines).toEqual({ result: 'wrapped', fontSize: 10 });
  });

  it('keeps rows that fit in the template as it is, with page numbers of its own pages', async () => {
    const two = await makePages('First', 'Second');
    const { pdf } = await fill(two, [pageNo, table()], { Lines: rowsOf(4) });
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[0]).toContain('Row 04');
    // Drawn as an update of the template's own bytes: it starts with them.
    expect(Buffer.from(pdf.subarray(0, two.length)).equals(Buffer.from(two))).toBe(true);
  });

  it('continues on the page the template names, leaving it out when the rows fit', async () => {
    const template = await makePages('Invoice', 'Continued', 'Terms');
    const continued = table({
      table: { ...lines, continuation: { page: 2, rectY: 80, rectHeight: 700 } },
    });
    const onContinued = field('Continued from', {
      page: 2,
      rectY: 40,
      default: 'Carried over {page}',
    });
    const fields = [continued, onContinued, { ...pageNo, page: 3 }];
    const long = pageTexts((await fill(template, fields, { Lines: rowsOf(45) })).pdf);
    expect(long.map((text) => text.trim().split('\n')[0]!.trim())).toEqual([
      'Invoice',
      'Continued',
      'Terms',
    ]);
    expect(long[1]).toContain('Carried over 2');
    expect(long[1]).toMatch(/Item\s+Qty\s+Amount/);
    expect(long[1]).toContain('Row 45');
    expect(long[2]).toContain('Page 3 of 3');
    const short = pageTexts((await fill(template, fields, { Lines: rowsOf(3) })).pdf);
    expect(short.map((text) => text.trim().split('\n')[0]!.trim())).toEqual(['Invoice', 'Terms']);
    expect(short[1]).toContain('Page 2 of 2');
  });

  it('repeats the continuation page as often as the rows need, its totals on the last', async () => {
    const template = await makePages('Invoice', 'Continued');
    const continued = table({
      table: { ...lines, continuation: { page: 2, rectY: 80, rectHeight: 200 } },
    });
    const heading = field('Heading', { page: 2, rectY: 40, default: 'Continued {page}/{pages}' });
    const carried = field('Carried', {
      page: 2,
      rectY: 300,
      default: 'Sum total',
      repeatOnContinuedPages: false,
    });
    const { pdf } = await fill(template, [continued, heading, carried], { Lines: rowsOf(40) });
    const pages = pageTexts(pdf);
    expect(pages.length).toBeGreaterThan(3);
    pages.slice(1).forEach((text, i) => {
      expect(text).toContain(`Continued ${i + 2}/${pages.length}`);
      expect(text).toMatch(/Item\s+Qty\s+Amount/);
    });
    expect(pages.map((text) => text.includes('Sum total'))).toEqual(
      pages.map((_, i) => i === pages.length - 1),
    );
    expect(pages.at(-1)).toContain('Row 40');
  });

  it('continues two tables of one page on the same copies, each as far as its rows go', async () => {
    const left = table({ rectWidth: 250, rectHeight: 200 });
    const right = { ...left, label: 'Notes', rectX: 305 };
    const longRows = namedRows('Left', 30);
    const shortRows = namedRows('Right', 14);
    const { pdf, fitReport } = await fill(onePage, [left, right, pageNo], {
      Lines: longRows,
      Notes: shortRows,
    });
    const pages = pageTexts(pdf);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages.length}`));
    const left_ = pagesOfRows(pages, longRows);
    const right_ = pagesOfRows(pages, shortRows);
    expect(left_.at(-1)).toBe(pages.length - 1);
    expect(right_.at(-1)).toBeGreaterThan(0);
    expect(right_.at(-1)).toBeLessThan(pages.length - 1);
    // The shorter table's header only where it still has rows.
    const headers = pages.map((text) => text.match(/Item\s+Qty\s+Amount/g)?.length ?? 0);
    expect(headers).toEqual(pages.map((_, p) => (p <= right_.at(-1)! ? 2 : 1)));
    expect(fitReport.Lines!.result).toBe('fitted');
    expect(fitReport.Notes!.result).toBe('fitted');
  });

  it('continues tables of different pages each after its own page', async () => {
    const template = await makePages('Goods', 'Services');
    const goods = table({ rectHeight: 200 });
    const services = { ...goods, label: 'Services', page: 2 };
    const goodsRows = namedRows('Goods', 25);
    const serviceRows = namedRows('Service', 25);
    const { pdf } = await fill(template, [goods, services], {
      Lines: goodsRows,
      Services: serviceRows,
    });
    const pages = pageTexts(pdf);
    const titles = pages.map((text) => text.trim().split('\n')[0]!.trim());
    const goodsPages = titles.filter((title) => title === 'Goods').length;
    expect(goodsPages).toBeGreaterThan(1);
    expect(titles).toEqual([
      ...Array<string>(goodsPages).fill('Goods'),
      ...Array<string>(pages.length - goodsPages).fill('Services'),
    ]);
    expect(new Set(pagesOfRows(pages, goodsRows))).toEqual(
      new Set(Array.from({ length: goodsPages }, (_, p) => p)),
    );
    expect(Math.min(...pagesOfRows(pages, serviceRows))).toBe(goodsPages);
    expect(Math.max(...pagesOfRows(pages, serviceRows))).toBe(pages.length - 1);
  });

  it('reports truncated a table that would repeat a page another table continues on', async () => {
    const template = await makePages('Invoice', 'Continued');
    const continued = table({
      rectHeight: 200,
      table: { ...lines, continuation: { page: 2, rectY: 80, rectHeight: 300 } },
    });
    const onContinued = { ...table({ rectHeight: 100 }), label: 'Notes', page: 2, rectY: 500 };
    const { pdf, fitReport } = await fill(template, [continued, onContinued], {
      Lines: namedRows('Line', 50),
      Notes: namedRows('Note', 20),
    });
    const pages = pageTexts(pdf);
    expect(pages.length).toBeGreaterThan(2);
    expect(pagesOfRows(pages, namedRows('Line', 50)).at(-1)).toBe(pages.length - 1);
    // The other table prints its first rows once, on the first copy of the page.
    expect(pagesOfRows(pages, namedRows('Note', 3))).toEqual([1, 1, 1]);
    expect(pages.some((text) => text.includes('Note 20'))).toBe(false);
    expect(fitReport.Lines!.result).toBe('fitted');
    expect(fitReport.Notes!.result).toBe('truncated');
  });

  it('refuses a value that is not a list of rows, naming the field', async () => {
    for (const value of ['Row 1', [['a', 'b']], [null]]) {
      const refused = fill(onePage, [table()], { Lines: value as never });
      await expect(refused).rejects.toThrow(PdfEngineError);
      await expect(refused).rejects.toThrow('The value of "Lines" must be a list of rows.');
    }
  });

  it('prints a row taller than the box alone on its page, cut and reported truncated', async () => {
    const tall = { Item: Array.from({ length: 400 }, (_, i) => `w${i}`).join(' '), Qty: 1 };
    const { pdf, fitReport } = await fill(onePage, [table({ rectHeight: 100 })], {
      Lines: [{ Item: 'Before', Qty: 1 }, tall, { Item: 'After', Qty: 2 }],
    });
    expect(pageTexts(pdf)).toHaveLength(3);
    expect(fitReport.Lines!.result).toBe('truncated');
  });
});
