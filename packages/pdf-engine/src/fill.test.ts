import { beforeAll, describe, expect, it } from 'vitest';
import { PdfEngineError } from './errors.ts';
import { createFillEngine } from './fill-engine.ts';
import { renderPreview } from './render-preview.ts';
import {
  changedPixels,
  field,
  isInside,
  makePng,
  makeTemplate,
  readTexts,
} from '../test/fixtures.ts';
import type { FieldSpec, FieldValues } from './types.ts';

const { fill } = createFillEngine();

let template: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
});

const textOf = async (pdf: Uint8Array, page: number) =>
  (await readTexts(pdf, page)).map((t) => t.str).join('');

/** Fills, then checks every text run pdf.js finds in a field's box page lies inside that box. */
const fillAndCheck = async (fields: FieldSpec[], values: FieldValues) => {
  const result = await fill(template, fields, values);
  for (const f of fields) {
    const boxes = f.boxes ?? [f];
    for (const box of boxes) {
      const texts = (await readTexts(result.pdf, box.page)).filter(
        (t) => !t.str.startsWith('Template page'),
      );
      const inAnyBox = (t: (typeof texts)[number]) =>
        fields.flatMap((g) => g.boxes ?? [g]).some((b) => b.page === box.page && isInside(t, b));
      for (const t of texts) expect(inAnyBox(t), `"${t.str}" lies outside every box`).toBe(true);
    }
  }
  return result;
};

describe('fill: text fields', () => {
  it('draws text, date, number and e-mail values inside their boxes on every kind of page', async () => {
    const fields = [1, 2, 3, 4].flatMap((page) => [
      field(`text${page}`, { page, rectY: 60 }),
      field(`date${page}`, { page, type: 'date', rectY: 100, fontFamily: 'timesnewroman' }),
      field(`number${page}`, {
        page,
        type: 'number',
        rectY: 140,
        textAlign: 'right',
        fontFamily: 'courier',
      }),
      field(`email${page}`, {
        page,
        type: 'email',
        rectY: 180,
        textAlign: 'center',
        fontFamily: 'arial',
      }),
    ]);
    const values: Record<string, string | number> = {};
    for (const page of [1, 2, 3, 4]) {
      Object.assign(values, {
        [`text${page}`]: 'Jane Doe',
        [`date${page}`]: '2025-01-31',
        [`number${page}`]: 1234.5,
        [`email${page}`]: 'jane@example.com',
      });
    }
    const { pdf, fitReport } = await fillAndCheck(fields, values);
    for (const page of [1, 2, 3, 4]) {
      const text = await textOf(pdf, page);
      for (const value of ['Jane Doe', '2025-01-31', '1234.5', 'jane@example.com'])
        expect(text).toContain(value);
    }
    expect(fitReport.text1).toEqual({ result: 'fitted', fontSize: 14 });
  });

  it('aligns left, centre and right within 0.5 pt of where the box says', async () => {
    const box = { rectX: 100, rectWidth: 300, rectHeight: 30 };
    const fields = (['left', 'center', 'right'] as const).map((textAlign, i) =>
      field(textAlign, { ...box, rectY: 100 + 40 * i, textAlign }),
    );
    const { pdf } = await fill(template, fields, { left: 'Ab', center: 'Ab', right: 'Ab' });
    const runs = await readTexts(pdf, 1);
    const x = (s: number) => runs.filter((t) => t.str === 'Ab')[s]!.corners;
    expect(x(0)[0]!.x).toBeCloseTo(102, 0); // 2 pt padding
    expect((x(1)[0]!.x + x(1)[1]!.x) / 2).toBeCloseTo(250, 0);
    expect(x(2)[1]!.x).toBeCloseTo(398, 0);
  });

  it('shrinks a long single line to fit, and truncates below 6 pt without leaving the box', async () => {
    const fields = [
      field('shrinks', { rectWidth: 150 }),
      field('truncates', { rectY: 120, rectWidth: 60, rectHeight: 12 }),
    ];
    const long = 'A rather long value that cannot fit at fourteen points';
    const { fitReport } = await fillAndCheck(fields, { shrinks: long, truncates: long + long });
    expect(fitReport.shrinks?.result).toBe('shrunk');
    expect(fitReport.shrinks?.fontSize).toBeGreaterThanOrEqual(6);
    expect(fitReport.shrinks?.fontSize).toBeLessThan(14);
    expect(fitReport.truncates).toEqual({ result: 'truncated', fontSize: 6 });
  });

  it('wraps long text, then shrinks it, never outside the box', async () => {
    const words =
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ';
    const fields = [
      field('wraps', { type: 'long_text', rectWidth: 220, rectHeight: 120 }),
      field('shrinks', { type: 'long_text', rectY: 300, rectWidth: 220, rectHeight: 60 }),
      field('newlines', { type: 'long_text', rectY: 400, rectWidth: 220, rectHeight: 80 }),
    ];
    const { pdf, fitReport } = await fillAndCheck(fields, {
      wraps: words,
      shrinks: words.repeat(3),
      newlines: 'First line\nSecond line',
    });
    expect(fitReport.wraps).toEqual({ result: 'wrapped', fontSize: 14 });
    expect(fitReport.shrinks?.result).toBe('shrunk');
    expect(fitReport.newlines?.result).toBe('wrapped');
    const runs = (await readTexts(pdf, 1)).map((t) => t.str);
    expect(runs).toContain('First line');
    expect(runs).toContain('Second line');
  });

  it('strict mode refuses text that cannot fit at 6 pt, naming the field', async () => {
    const fields = [
      field('Tiny box', { rectWidth: 20, rectHeight: 10 }),
      field('Fine', { rectY: 200 }),
    ];
    const attempt = fill(
      template,
      fields,
      { 'Tiny box': 'Far too much text for this', Fine: 'ok' },
      { strict: true },
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'TEXT_DOES_NOT_FIT',
      fields: ['Tiny box'],
    });
    await expect(attempt).rejects.toThrow(/"Tiny box"/);
  });

  it('leaves missing values empty and keeps them out of the report', async () => {
    const { pdf, fitReport } = await fill(template, [field('a'), field('b', { rectY: 120 })], {
      a: 'Here',
      b: null,
    });
    expect(Object.keys(fitReport)).toEqual(['a']);
    expect(await textOf(pdf, 1)).not.toContain('null');
  });

  it('reads values as own properties and reports labels named like prototype keys', async () => {
    const labels = ['constructor', 'toString', '__proto__'];
    const fields = labels.map((label, i) => field(label, { rectY: 60 + i * 40 }));
    const left = await fill(template, fields, {});
    expect(Object.keys(left.fitReport)).toEqual([]);
    const given = await fill(
      template,
      fields,
      JSON.parse('{"toString":"b","__proto__":"c"}') as FieldValues,
    );
    expect(Object.keys(given.fitReport)).toEqual(['toString', '__proto__']);
  });

  it('refuses a value of the wrong type and a page the template lacks', async () => {
    await expect(fill(template, [field('a')], { a: true })).rejects.toMatchObject({
      code: 'INVALID_VALUE',
      fields: ['a'],
    });
    await expect(fill(template, [field('a', { page: 9 })], { a: 'x' })).rejects.toBeInstanceOf(
      PdfEngineError,
    );
  });

  it('draws a comb field one character per cell and honours maxLength', async () => {
    const fields = [
      field('zip', { rectWidth: 100, maxLength: 5, comb: true }),
      field('short', { rectY: 120, maxLength: 3 }),
    ];
    const { pdf, fitReport } = await fillAndCheck(fields, { zip: '12345', short: 'abcdef' });
    expect(fitReport.short?.result).toBe('truncated');
    const digits = (await readTexts(pdf, 1)).filter((t) => /^\d$/.test(t.str));
    expect(digits.map((d) => Math.round((d.corners[0]!.x + d.corners[1]!.x) / 2))).toEqual([
      60, 80, 100, 120, 140,
    ]);
  });
});

describe('fill: Unicode', () => {
  it('embeds subset fonts for Polish, Greek, Cyrillic, € and ✓, falling back to DejaVu', async () => {
    const value = 'Zażółć gęślą jaźń Ελληνικά Привет € ✓';
    const fields = (['arial', 'timesnewroman', 'courier'] as const).map((fontFamily, i) =>
      field(fontFamily, { fontFamily, rectY: 60 + 40 * i, rectWidth: 500 }),
    );
    const { pdf } = await fillAndCheck(fields, {
      arial: value,
      timesnewroman: value,
      courier: value,
    });
    const text = (await textOf(pdf, 1)).replace(/\s/g, '');
    expect(text.split(value.replace(/\s/g, '')).length - 1).toBe(3);
    expect(pdf.length).toBeLessThan(250_000); // subset, not whole fonts
  });
});

describe('fill: linked text', () => {
  const boxes = [
    { page: 1, rectX: 50, rectY: 700, rectWidth: 250, rectHeight: 20 },
    { page: 2, rectX: 50, rectY: 50, rectWidth: 250, rectHeight: 20 },
  ];
  it('flows a string from a box on page 1 into a box on page 2', async () => {
    const linked = field('story', { type: 'linked_text', boxes });
    const value = 'The quick brown fox jumps over the lazy dog and runs on';
    const { pdf, fitReport } = await fillAndCheck([linked], { story: value });
    const first = await textOf(pdf, 1);
    const second = await textOf(pdf, 2);
    expect(first).toContain('The quick brown fox');
    expect(
      `${first.replace('Template page 1', '')} ${second.replace('Template page 2', '')}`
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe(value);
    expect(fitReport.story?.result).toBe('fitted');
  });

  /** Every size text is drawn at in the boxes, rounded to 0.01 pt. */
  const sizesIn = async (pdf: Uint8Array) =>
    new Set(
      [...(await readTexts(pdf, 1)), ...(await readTexts(pdf, 2))]
        .filter((t) => !t.str.startsWith('Template page'))
        .map((t) => Math.round(t.size * 100) / 100),
    );

  it('shrinks the whole chain as one when the text overflows the last box', async () => {
    const linked = field('story', { type: 'linked_text', boxes });
    const value =
      'The quick brown fox jumps over the lazy dog and runs on through the field, past the barn and over the hill';
    const { pdf, fitReport } = await fillAndCheck([linked], { story: value });
    const sizes = await sizesIn(pdf);
    expect([...sizes]).toEqual([fitReport.story?.fontSize]);
    expect(fitReport.story).toMatchObject({ result: 'shrunk' });
    expect(fitReport.story!.fontSize).toBeGreaterThan(7);
    const second = await textOf(pdf, 2);
    expect(second.replace('Template page 2', '').trim().endsWith('over the hill')).toBe(true);
  });

  it('draws every item of an array at one size, the size the longest needs', async () => {
    const linked = field('lines', { type: 'linked_text', boxes });
    const items = ['Short', 'A second item far too long for one box at fourteen points'];
    const { pdf, fitReport } = await fillAndCheck([linked], { lines: items });
    const sizes = await sizesIn(pdf);
    expect([...sizes]).toEqual([fitReport.lines?.fontSize]);
    expect(fitReport.lines).toMatchObject({ result: 'shrunk' });
  });

  it('puts one array item in each box', async () => {
    const linked = field('lines', { type: 'linked_text', boxes });
    const { pdf } = await fillAndCheck([linked], { lines: ['first item', 'second item'] });
    expect(await textOf(pdf, 1)).toContain('first item');
    expect(await textOf(pdf, 2)).toContain('second item');
  });
});

describe('fill: marks and images (checked on rendered pixels)', () => {
  let blank: Uint8Array[];
  beforeAll(async () => {
    blank = [await renderPreview(template, 1, 595), await renderPreview(template, 3, 760)];
  });

  it.each([
    ['checkbox', 1],
    ['radio', 1],
    ['checkbox', 3],
  ] as const)('draws a %s on page %i inside its box only', async (type, page) => {
    const box = field('mark', {
      type,
      page,
      rectX: 100,
      rectY: 150,
      rectWidth: 20,
      rectHeight: 20,
    });
    const { pdf } = await fill(template, [box], { mark: true });
    const width = page === 1 ? 595 : 760; // page 3 shows its 760 pt tall CropBox sideways
    const after = await renderPreview(pdf, page, width);
    const changed = await changedPixels(blank[page === 1 ? 0 : 1]!, after, box);
    expect(changed.inside).toBeGreaterThan(20);
    expect(changed.outside).toBe(0);
    const unchecked = await fill(template, [box], { mark: false });
    expect(
      await changedPixels(
        blank[page === 1 ? 0 : 1]!,
        await renderPreview(unchecked.pdf, page, width),
        box,
      ),
    ).toEqual({ inside: 0, outside: 0 });
  });

  it('draws an image contained and centred in its box', async () => {
    const box = field('photo', {
      type: 'image',
      rectX: 100,
      rectY: 200,
      rectWidth: 200,
      rectHeight: 100,
    });
    const { pdf, fitReport } = await fill(template, [box], { photo: await makePng(40, 40) });
    expect(fitReport.photo?.result).toBe('fitted');
    const changed = await changedPixels(blank[0]!, await renderPreview(pdf, 1, 595), {
      ...box,
      rectX: 150,
      rectWidth: 100,
    });
    expect(changed.outside).toBe(0);
    expect(changed.inside).toBeGreaterThan(9000);
  });

  it('refuses bytes that are not a picture and a pixel flood, naming the field', async () => {
    const box = field('photo', { type: 'image' });
    await expect(
      fill(template, [box], { photo: new TextEncoder().encode('<script>') }),
    ).rejects.toMatchObject({ code: 'INVALID_VALUE', fields: ['photo'] });
    const flood = await makePng(1, 1);
    new DataView(flood.buffer).setUint32(16, 50_000);
    new DataView(flood.buffer).setUint32(20, 50_000);
    await expect(fill(template, [box], { photo: flood })).rejects.toMatchObject({
      code: 'INVALID_VALUE',
    });
  });
});

describe('fill: tryout', () => {
  it('stamps SAMPLE on every page', async () => {
    const { pdf } = await fill(template, [], {}, { sample: true });
    for (const page of [1, 2, 3, 4]) expect(await textOf(pdf, page)).toContain('SAMPLE');
  });
});
