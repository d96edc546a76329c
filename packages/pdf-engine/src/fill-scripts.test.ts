import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PdfEngineError } from './errors.ts';
import { createFillEngine } from './fill-engine.ts';
import {
  makeScriptsTemplate,
  SCRIPT_PAGES,
  SCRIPT_SAMPLES,
  scriptFields,
  scriptValues,
} from '../test/all-scripts.ts';
import { makeTemplate } from '../test/fixtures.ts';
import type { FieldSpec } from './types.ts';
import { hasPoppler } from '../../../test-fixtures/command-line-tools.ts';

const { fill } = createFillEngine();

const dir = mkdtempSync(join(tmpdir(), 'platen-scripts-'));
let counter = 0;
const pdftotext = (pdf: Uint8Array, args: string[]) => {
  const file = join(dir, `${++counter}.pdf`);
  writeFileSync(file, pdf);
  return spawnSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' }).stdout;
};

/** Poppler marks right-to-left runs with embedding controls; they are not characters of the value. */
const withoutBidiMarks = (text: string) => text.replace(/[\u202a-\u202e\f]/g, '').trim();

/** The text poppler extracts from one field's box. */
const textInBox = (pdf: Uint8Array, f: FieldSpec) =>
  withoutBidiMarks(
    pdftotext(pdf, [
      '-f',
      String(f.page),
      '-l',
      String(f.page),
      '-x',
      String(f.rectX),
      '-y',
      String(f.rectY),
      '-W',
      String(f.rectWidth),
      '-H',
      String(f.rectHeight),
    ]),
  );

/** Words poppler places on a page with their boxes (points from the top-left of the CropBox). */
const wordBoxes = (pdf: Uint8Array, page: number) =>
  [
    ...pdftotext(pdf, ['-bbox', '-f', String(page), '-l', String(page)]).matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5]!,
  }));

/** Every stream of a document, inflated where compressed. */
const streams = (pdf: Uint8Array): { dict: string; data: Buffer }[] => {
  const text = Buffer.from(pdf).toString('latin1');
  const found: { dict: string; data: Buffer }[] = [];
  for (const m of text.matchAll(/<<((?:(?!>>\s*stream).)*?)>>\s*stream\r?\n/gs)) {
    const start = m.index + m[0].length;
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1]);
    if (!Number.isFinite(length)) continue;
    const raw = Buffer.from(pdf.subarray(start, start + length));
    found.push({
      dict: m[1]!,
      data: m[1]!.includes('/FlateDecode') ? inflateSync(raw) : raw,
    });
  }
  return found;
};

/** CIDs shown by TJ in the document's own content (4-digit hex strings of embedded fonts). */
const shownCids = (pdf: Uint8Array) =>
  streams(pdf)
    .map((s) => s.data.toString('latin1'))
    .flatMap((content) => [...content.matchAll(/\[([^\]]*)\] TJ/g)])
    .flatMap((m) => [...m[1]!.matchAll(/<([0-9a-f]{4})>/g)].map((g) => parseInt(g[1]!, 16)));

/** The glyph ids the fonts' CID-to-glyph maps give (CID 0 is never shown, so it is left out). */
const mappedGlyphIds = (pdf: Uint8Array) => {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\/CIDToGIDMap (\d+) 0 R/g)].flatMap((m) => {
    const at = text.indexOf(`\n${m[1]} 0 obj\n`);
    const head = /<< \/Length (\d+) >>\nstream\n/.exec(text.slice(at, at + 200))!;
    const start = at + head.index + head[0].length;
    const data = Buffer.from(pdf.subarray(start, start + Number(head[1])));
    return Array.from({ length: data.length / 2 - 1 }, (_, i) => data.readUInt16BE(2 + i * 2));
  });
};

/** Glyphs drawn: CIDs shown and the glyph ids they map to. */
const shownGlyphIds = (pdf: Uint8Array) => [...shownCids(pdf), ...mappedGlyphIds(pdf)];

/** The characters each embedded subset's ToUnicode CMap gives its glyphs. */
const mappedCharacters = (pdf: Uint8Array) =>
  streams(pdf)
    .map((s) => s.data.toString('latin1'))
    .filter((content) => content.includes('beginbfchar'))
    .flatMap((cmap) => [...cmap.matchAll(/<[0-9a-f]{4}> <([0-9a-f]+)>/g)])
    .map((m) => Buffer.from(m[1]!, 'hex').swap16().toString('utf16le'));

/** Glyph count of each embedded font program (maxp numGlyphs). */
const subsetGlyphCounts = (pdf: Uint8Array) =>
  streams(pdf)
    .filter((s) => s.dict.includes('/Length1'))
    .map(({ data }) => {
      const tables = data.readUInt16BE(4); // an uncompressed TrueType program
      for (let i = 0; i < tables; i++) {
        const at = 12 + i * 16;
        if (data.toString('latin1', at, at + 4) === 'maxp')
          return data.readUInt16BE(data.readUInt32BE(at + 8) + 4);
      }
      return -1;
    });

let template: Uint8Array;
beforeAll(async () => {
  template = await makeScriptsTemplate();
});

/** Lines whose direction changes inside: poppler orders their words by its own rules. */
const MIXED = new Set(['Arabic and English', 'Hebrew with numbers']);

describe('fill: every script', () => {
  it('draws each script with real glyphs, never glyph 0 nor U+FFFD, and reports nothing missing', async () => {
    const { pdf, fitReport } = await fill(template, scriptFields(), scriptValues());
    expect(shownGlyphIds(pdf).length).toBeGreaterThan(50);
    expect(shownGlyphIds(pdf)).not.toContain(0);
    const mapped = mappedCharacters(pdf).join('');
    expect(mapped).not.toContain('\uFFFD');
    for (const label of Object.keys(SCRIPT_SAMPLES)) {
      // Tibetan stacks consonants: Noto Serif Tibetan's line is 2.8 em, more than the box holds at 14 pt.
      const fit =
        label === 'Tibetan'
          ? { result: 'shrunk', fontSize: 12 }
          : { result: 'fitted', fontSize: 14 };
      expect(fitReport[label], label).toEqual(fit);
    }
  });

  it.runIf(hasPoppler)('gives back each value through pdftotext', async () => {
    for (const f of scriptFields()) {
      const value = SCRIPT_SAMPLES[f.label]!;
      // One field per document: poppler picks a page's reading direction from all of its text.
      const { pdf } = await fill(template, [f], { [f.label]: value });
      const extracted = textInBox(pdf, f);
      if (MIXED.has(f.label)) {
        // Poppler orders words across a direction change by its own rules; each word comes back.
        const joined = extracted.replace(/\s/g, '');
        for (const word of value.split(' ')) expect(joined, f.label).toContain(word);
      } else {
        expect(extracted, f.label).toBe(value);
      }
    }
  });

  it.runIf(hasPoppler)('puts every word poppler finds inside its field box', async () => {
    const fields = scriptFields();
    const { pdf } = await fill(template, fields, scriptValues());
    const labels = Object.keys(SCRIPT_SAMPLES).flatMap((l) => l.split(' '));
    for (let page = 1; page <= SCRIPT_PAGES; page++) {
      const words = wordBoxes(pdf, page);
      const valueWords = words.filter((w) => !labels.includes(w.text));
      expect(valueWords.length).toBeGreaterThan(10);
      for (const w of valueWords) {
        const box = fields.find(
          (f) =>
            f.page === page &&
            w.xMin >= f.rectX - 0.5 &&
            w.xMax <= f.rectX + f.rectWidth + 0.5 &&
            w.yMin >= f.rectY - 0.5 &&
            w.yMax <= f.rectY + f.rectHeight + 0.5,
        );
        expect(box, `"${w.text}" at ${w.xMin},${w.yMin}-${w.xMax},${w.yMax}`).toBeDefined();
      }
    }
  });

  it.runIf(hasPoppler)(
    'keeps shaped text inside its box on rotated and cropped pages',
    async () => {
      const pages = await makeTemplate();
      // poppler's -bbox measures from the MediaBox's displayed corner, the box from the CropBox's:
      // page 3's CropBox starts at (30, 40) in user space, which /Rotate 90 shows as (40, 30).
      for (const [page, dx, dy] of [
        [3, 40, 30],
        [4, 0, 0],
      ] as const) {
        const f: FieldSpec = { ...scriptFields()[0]!, page, rectX: 40, rectY: 100, rectWidth: 300 };
        const { pdf } = await fill(pages, [f], { [f.label]: '山田太郎 محمد 123' });
        const words = pdftotext(pdf, ['-bbox', '-f', String(page), '-l', String(page)]);
        const boxes = [
          ...words.matchAll(
            /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g,
          ),
        ];
        expect(boxes.length, `page ${page}`).toBeGreaterThan(0);
        for (const m of boxes) {
          const [xMin, yMin, xMax, yMax] = m.slice(1).map(Number) as [
            number,
            number,
            number,
            number,
          ];
          expect(xMin - dx, `page ${page}`).toBeGreaterThanOrEqual(f.rectX - 0.5);
          expect(xMax - dx, `page ${page}`).toBeLessThanOrEqual(f.rectX + f.rectWidth + 0.5);
          expect(yMin - dy, `page ${page}`).toBeGreaterThanOrEqual(f.rectY - 0.5);
          expect(yMax - dy, `page ${page}`).toBeLessThanOrEqual(f.rectY + f.rectHeight + 0.5);
        }
      }
    },
  );

  it('shapes in long text and linked text too', async () => {
    const long: FieldSpec = { ...scriptFields()[0]!, label: 'long', type: 'long_text' };
    const linked: FieldSpec = {
      ...scriptFields()[1]!,
      label: 'linked',
      type: 'linked_text',
      boxes: [
        { page: 1, rectX: 180, rectY: 600, rectWidth: 120, rectHeight: 24 },
        { page: 1, rectX: 180, rectY: 640, rectWidth: 380, rectHeight: 24 },
      ],
    };
    const value = 'مرحبا بالعالم שלום עולם 你好世界';
    const { pdf, fitReport } = await fill(template, [long, linked], { long: value, linked: value });
    expect(fitReport.long?.missingGlyphs).toBeUndefined();
    expect(fitReport.linked?.missingGlyphs).toBeUndefined();
    expect(shownGlyphIds(pdf)).not.toContain(0);
    if (hasPoppler) {
      const boxes = [long, ...linked.boxes!.map((b) => ({ ...linked, ...b }))];
      const text = boxes.map((b) => textInBox(pdf, b).replace(/\s/g, '')).join('');
      for (const word of value.split(' ')) expect(text).toContain(word);
      // Each character once per field: a line's marked text must not run on into the next line.
      expect(text.length).toBe(2 * value.replace(/\s/g, '').length);
    }
  });
});

describe('fill: characters no font has', () => {
  // Egyptian hieroglyphs and a private-use character: no face of the chain has them.
  const value = 'Ra 𓂀 sun \uE000';
  const f = scriptFields()[0]!;

  it('reports them per field and draws the rest', async () => {
    const { pdf, fitReport } = await fill(template, [f], { [f.label]: value });
    expect(fitReport[f.label]).toMatchObject({
      result: 'missing_glyphs',
      missingGlyphs: ['𓂀', '\uE000'],
      missingCodePoints: ['U+13080', 'U+E000'],
    });
    expect(shownGlyphIds(pdf)).not.toContain(0);
    expect(mappedCharacters(pdf).join('')).not.toContain('\uFFFD');
    if (hasPoppler) expect(textInBox(pdf, f).replace(/\s+/g, ' ')).toBe('Ra sun');
  });

  it('refuses them under strict, naming the field and the characters', async () => {
    const refusal = await fill(template, [f], { [f.label]: value }, { strict: true }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(PdfEngineError);
    expect((refusal as PdfEngineError).code).toBe('MISSING_GLYPHS');
    expect((refusal as PdfEngineError).fields).toEqual([f.label]);
    expect((refusal as PdfEngineError).message).toContain('𓂀');
  });
});

describe('fill: a font subset per document', () => {
  it('embeds only the glyphs of the document’s own values', async () => {
    const f = scriptFields()[0]!;
    const first = await fill(template, [f], { [f.label]: '张伟' });
    const second = await fill(template, [f], { [f.label]: '王芳' });
    const again = await fill(template, [f], { [f.label]: '张伟' });
    expect(mappedCharacters(first.pdf).sort()).toEqual(['伟', '张']);
    expect(mappedCharacters(second.pdf).sort()).toEqual(['王', '芳']);
    expect(mappedCharacters(again.pdf).sort()).toEqual(['伟', '张']);
    // .notdef and the two glyphs drawn, nothing else in the font program.
    expect(subsetGlyphCounts(first.pdf)).toEqual([3]);
    expect(subsetGlyphCounts(second.pdf)).toEqual([3]);
    expect(Buffer.from(again.pdf).equals(Buffer.from(first.pdf))).toBe(true);
  });

  it('subsets the four CJK faces in one engine, each more than once', async () => {
    // One subsetter's memory holds three preprocessed CJK faces; the fourth once failed.
    const engine = createFillEngine();
    const f = scriptFields()[0]!;
    for (const round of [1, 2, 3]) {
      for (const language of ['zh-Hans', 'ja', 'ko', 'zh-Hant']) {
        const value = `臺北 ${round} 東京`;
        const { pdf } = await engine.fill(template, [{ ...f, language }], { [f.label]: value });
        expect(mappedCharacters(pdf).sort(), `${language}, round ${round}`).toEqual(
          [...new Set(value)].sort(),
        );
      }
    }
  });

  it('does so for Latin too', async () => {
    const f: FieldSpec = { ...scriptFields()[0]!, label: 'latin' };
    const first = await fill(template, [f], { latin: 'Łódź' });
    const second = await fill(template, [f], { latin: 'Kraków Žižka' });
    const firstChars = mappedCharacters(first.pdf).join('');
    for (const char of 'rakwŽiž') expect(firstChars).not.toContain(char);
    expect(mappedCharacters(second.pdf).join('')).not.toContain('Ł');
  });
});

describe('fill: a field’s language', () => {
  const f: FieldSpec = { ...scriptFields()[1]! };
  delete f.language;
  const value = '陳大文，臺北市信義區';
  const fontNames = (pdf: Uint8Array) =>
    [
      ...Buffer.from(pdf)
        .toString('latin1')
        .matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g),
    ].map((m) => m[1]);

  it('sets Traditional Chinese in the Traditional face, and Han without one in Simplified', async () => {
    const traditional = await fill(template, [{ ...f, language: 'zh-Hant' }], { [f.label]: value });
    const unsaid = await fill(template, [f], { [f.label]: value });
    expect(new Set(fontNames(traditional.pdf))).toEqual(new Set(['NotoSansTC-Regular']));
    expect(new Set(fontNames(unsaid.pdf))).toEqual(new Set(['NotoSansSC-Regular']));
    if (hasPoppler) expect(textInBox(traditional.pdf, f)).toBe(value);
  });
});
