import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import {
  corpusBytes,
  field,
  isInside,
  makePng,
  makeTemplate,
  readTexts,
} from '../test/fixtures.ts';
import type { FieldSpec } from './types.ts';
import { hasPoppler, hasQpdf } from '../../../test-fixtures/command-line-tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'platen-fill-'));
let fileCount = 0;
const onDisk = (pdf: Uint8Array) => {
  const path = join(dir, `out-${++fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
};

/** qpdf's verdict: exit 0 means no syntax, xref or stream errors and no warnings. */
const qpdfCheck = (pdf: Uint8Array) => {
  const r = spawnSync('qpdf', ['--check', onDisk(pdf)], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
};

/** Poppler's text of a page, or its complaint. */
const popplerText = (pdf: Uint8Array, page: number) => {
  const r = spawnSync('pdftotext', ['-f', `${page}`, '-l', `${page}`, onDisk(pdf), '-'], {
    encoding: 'utf8',
  });
  return { status: r.status, text: r.stdout, errors: r.stderr };
};

/** Poppler's rendering of a page at low resolution (its errors go to stderr). */
const popplerRender = (pdf: Uint8Array, page: number) => {
  const prefix = join(dir, `render-${++fileCount}`);
  const args = ['-r', '24', '-f', `${page}`, '-l', `${page}`, '-png', onDisk(pdf), prefix];
  return spawnSync('pdftoppm', args, { encoding: 'utf8' });
};

const latin1Tail = (pdf: Uint8Array, from: number) =>
  Buffer.from(pdf.subarray(from)).toString('latin1');

const startsWith = (pdf: Uint8Array, prefix: Uint8Array) =>
  Buffer.from(pdf.subarray(0, prefix.length)).equals(Buffer.from(prefix));

/** Two text fields, a checkbox and SAMPLE on the last page; checked by qpdf, pdf.js and poppler. */
const fillAndVerify = async (template: Uint8Array, lastPage: number) => {
  const fields: FieldSpec[] = [
    field('name', { rectX: 40, rectY: 40, rectWidth: 220 }),
    field('city', { page: lastPage, rectX: 40, rectY: 80, rectWidth: 220, textAlign: 'right' }),
    field('agree', { type: 'checkbox', rectX: 40, rectY: 120, rectWidth: 14, rectHeight: 14 }),
  ];
  const { pdf } = await fill(template, fields, { name: 'Jane Doe', city: 'Kraków', agree: true });
  const check = qpdfCheck(pdf);
  if (hasQpdf) expect(check.status, check.output).toBe(0);
  const page1 = await readTexts(pdf, 1);
  const name = page1.find((t) => t.str === 'Jane Doe');
  expect(name && isInside(name, fields[0]!)).toBe(true);
  const city = (await readTexts(pdf, lastPage)).find((t) => t.str === 'Kraków');
  expect(city && isInside(city, fields[1]!)).toBe(true);
  if (hasPoppler) {
    const poppler = popplerText(pdf, lastPage);
    expect(poppler.status, poppler.errors).toBe(0);
    expect(poppler.text).toContain('Kraków');
    const render = popplerRender(pdf, lastPage);
    expect(render.status, render.stderr).toBe(0);
    expect(render.stderr).not.toMatch(/error/i);
  }
  return pdf;
};

const { fill } = createFillEngine();

describe('fill: output is an incremental update', () => {
  let template: Uint8Array;
  beforeAll(async () => {
    template = await makeTemplate();
  });

  it('keeps the template bytes intact and appends an xref stream after an xref stream', async () => {
    const pdf = await fillAndVerify(template, 4);
    expect(startsWith(pdf, template)).toBe(true);
    const update = latin1Tail(pdf, template.length);
    expect(update).toContain('/Type /XRef');
    expect(update).not.toContain('trailer');
    expect(update).toMatch(/\/Prev \d+/);
  });

  it('writes the same bytes for the same values, and the template itself for no values', async () => {
    const fields = [field('a')];
    const first = await fill(template, fields, { a: 'Same' });
    const second = await fill(template, fields, { a: 'Same' });
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    const empty = await fill(template, fields, {});
    expect(Buffer.from(empty.pdf).equals(Buffer.from(template))).toBe(true);
  });

  it('embeds a subset of its own in each document when later documents bring other characters', async () => {
    const fields = [field('a', { rectWidth: 500 })];
    const polish = await fill(template, fields, { a: 'Zażółć gęślą jaźń' });
    const greek = await fill(template, fields, { a: 'Ελληνικά Привет ł' });
    for (const [pdf, text] of [
      [polish.pdf, 'Zażółć gęślą jaźń'],
      [greek.pdf, 'Ελληνικά Привет ł'],
    ] as const) {
      const read = (await readTexts(pdf, 1)).map((t) => t.str).join('');
      expect(read.replace(/\s/g, '')).toContain(text.replace(/\s/g, ''));
      if (hasQpdf) expect(qpdfCheck(pdf).status).toBe(0);
    }
  });

  it('embeds a picture that comes again only as the same shared object', async () => {
    const photo = field('photo', { type: 'image', rectWidth: 100, rectHeight: 100 });
    const png = await makePng(30, 30);
    const first = await fill(template, [photo], { photo: png });
    const second = await fill(template, [photo], { photo: png });
    expect(second.pdf.length).toBe(first.pdf.length);
    if (hasQpdf) expect(qpdfCheck(second.pdf).status).toBe(0);
  });
});

describe('fill engine: the prepared-template cache', () => {
  let template: Uint8Array;
  beforeAll(async () => {
    template = await makeTemplate();
  });

  it('recognises a template by its bytes and prepares a changed one afresh', async () => {
    const engine = createFillEngine();
    await engine.fill(template, [field('a')], { a: 'one' });
    await engine.fill(new Uint8Array(template), [field('a')], { a: 'two' });
    expect(engine.cacheStats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
    const changed = new Uint8Array([...template, ...new TextEncoder().encode('%changed\n')]);
    const { pdf } = await engine.fill(changed, [field('a')], { a: 'three' });
    expect(startsWith(pdf, changed)).toBe(true);
    expect(engine.cacheStats().misses).toBe(2);
  });

  it('finds a template by a caller key, and never by the key alone', async () => {
    const engine = createFillEngine();
    const options = { templateKey: 'template-1:v1' };
    await engine.fill(template, [field('a')], { a: 'x' }, options);
    await engine.fill(new Uint8Array(template), [field('a')], { a: 'y' }, options);
    expect(engine.cacheStats()).toMatchObject({ hits: 1, misses: 1 });
    const other = new Uint8Array([...template, ...new TextEncoder().encode('%other\n')]);
    const { pdf } = await engine.fill(other, [field('a')], { a: 'z' }, options); // stale key, new bytes
    expect(startsWith(pdf, other)).toBe(true);
  });

  it('belongs to its engine: another engine has prepared nothing and writes the same bytes', async () => {
    const first = createFillEngine();
    const second = createFillEngine();
    const key = { templateKey: 'template-3:v1' };
    const values = { a: 'Zażółć' }; // an embedded font: faces and subsets of each engine's own
    const one = await first.fill(template, [field('a')], values, key);
    expect(second.cacheStats()).toMatchObject({ entries: 0, hits: 0, misses: 0 });
    expect(second.preparedTemplateData(template, key.templateKey)).toBeUndefined();
    expect(await second.fillIfCheap(template, [field('a')], { a: 'x' }, key)).toBeUndefined();
    const two = await second.fill(template, [field('a')], values, key);
    expect(Buffer.from(two.pdf).equals(Buffer.from(one.pdf))).toBe(true);
    expect(first.cacheStats()).toMatchObject({ entries: 1, misses: 1 });
  });

  it('stays within its byte budget, dropping the least recently used template', async () => {
    const engine = createFillEngine({ maxBytes: template.length * 6 });
    const copies = [0, 1, 2, 3].map(
      (i) => new Uint8Array([...template, ...new TextEncoder().encode(`%copy ${i}\n`)]),
    );
    for (const copy of copies) await engine.fill(copy, [field('a')], { a: 'x' });
    const stats = engine.cacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(stats.entries).toBeLessThan(4);
    await engine.fill(copies[3]!, [field('a')], { a: 'x' });
    expect(engine.cacheStats().hits).toBe(1);
  });
});

describe('fillIfCheap: filling a template another thread prepared', () => {
  const key = { templateKey: 'template-2:v1' };
  const fields = [field('Name'), field('Agree', { type: 'checkbox', rectY: 120 })];
  let template: Uint8Array;
  beforeAll(async () => {
    template = await makeTemplate();
  });

  it('declines until the template is prepared here, then writes what fill writes', async () => {
    const worker = createFillEngine();
    const values = { Name: 'Zoë Müller – 12 €', Agree: true };
    const expected = await worker.fill(template, fields, values, key);
    // What a worker thread sends: a structured clone of the plain prepared data.
    const data = structuredClone(worker.preparedTemplateData(template, key.templateKey)!);
    const engine = createFillEngine();
    expect(await engine.fillIfCheap(template, fields, values, key)).toBeUndefined();
    engine.adoptPreparedTemplate(template, key.templateKey, data);
    const cheap = await engine.fillIfCheap(new Uint8Array(template), fields, values, key);
    expect(cheap?.fitReport).toEqual(expected.fitReport);
    expect(Buffer.from(cheap!.pdf).equals(Buffer.from(expected.pdf))).toBe(true);
    if (hasQpdf) expect(qpdfCheck(cheap!.pdf).status).toBe(0);
  });

  it('declines text that needs an embedded font, pictures, barcodes and long text', async () => {
    const engine = createFillEngine();
    await engine.fill(template, fields, { Name: 'x' }, key);
    const png = await makePng(4, 4);
    const photo = field('Photo', { type: 'image', rectY: 200 });
    const code = field('Code', { type: 'barcode', barcode: { symbology: 'qrcode' } });
    const city = field('City', { type: 'choice', options: [{ value: 'lodz', label: 'Łódź' }] });
    for (const [fs, values] of [
      [[city], { City: 'lodz' }], // the label printed needs an embedded font, not the value
      [fields, { Name: 'Łódź' }],
      [[...fields, photo], { Name: 'x', Photo: png }],
      [[...fields, code], { Name: 'x', Code: 'plain ASCII, yet an encoder to run' }],
      [fields, { Name: 'x'.repeat(5000) }],
      [
        Array.from({ length: 201 }, (_, i) => field(`Tick ${i}`, { type: 'checkbox' })),
        Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`Tick ${i}`, true])),
      ],
    ] as const) {
      expect(await engine.fillIfCheap(template, fs, values, key)).toBeUndefined();
    }
    expect(
      await engine.fillIfCheap(template, fields, { Name: 'x' }, { templateKey: 'other:v1' }),
    ).toBe(undefined);
  });

  it('throws what fill throws', async () => {
    const engine = createFillEngine();
    await engine.fill(template, fields, { Name: 'x' }, key);
    await expect(engine.fillIfCheap(template, fields, { Agree: 'yes' }, key)).rejects.toMatchObject(
      {
        code: 'INVALID_VALUE',
      },
    );
  });
});

describe('fill: corpus templates', () => {
  it('appends a classic xref table after a classic table (A4 form)', async () => {
    const template = await corpusBytes('printed-a4-form-classic-xref.pdf');
    const tableAt = /\nstartxref\s+(\d+)\s+%%EOF\s*$/.exec(latin1Tail(template, 0))?.[1];
    expect(latin1Tail(template, Number(tableAt))).toMatch(/^xref\n/);
    const pdf = await fillAndVerify(template, 1);
    expect(startsWith(pdf, template)).toBe(true);
    expect(latin1Tail(pdf, template.length)).toMatch(
      new RegExp(`\\nxref\\n[\\s\\S]*trailer\\n<<.*/Prev ${tableAt}\\b`),
    );
  });

  // The 24-page form has 84,000 objects: parsing it (pdf-lib, pdf.js) takes seconds.
  it(
    'updates an Acrobat hybrid file (table plus /XRefStm) and the 24-page object-stream form',
    {
      timeout: 120_000,
    },
    async () => {
      for (const name of [
        'irs-f1040-2010-prefilled.pdf',
        'irs-i1040-instructions-24p.pdf',
      ] as const) {
        const template = await corpusBytes(name);
        expect(startsWith(await fillAndVerify(template, 2), template)).toBe(true);
      }
    },
  );

  it('rewrites once, then updates, a template whose xref or page tree cannot be trusted', async () => {
    for (const name of ['page-tree-loop.pdf', 'xref-table-stray-text.pdf'] as const) {
      const template = await corpusBytes(name);
      const pdf = await fillAndVerify(template, 1);
      expect(startsWith(pdf, template)).toBe(false);
    }
  });

  it('fills a template whose form widgets were taken out on upload (pdf-lib rewrite)', async () => {
    const { pdf: imported } = await importAcroForm(await corpusBytes('irs-fw9.pdf'));
    expect(startsWith(await fillAndVerify(imported, 1), imported)).toBe(true);
  });

  it('handles /Rotate inherited from the page tree and cropped, rotated pages', async () => {
    await fillAndVerify(await corpusBytes('rotation-inherited-from-pages.pdf'), 1);
    await fillAndVerify(await corpusBytes('cropped-boxes-turned-8p.pdf'), 3);
  });
});
