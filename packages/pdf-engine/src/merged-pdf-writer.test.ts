import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import {
  createMergedPdfWriter,
  writeMergedPdfEnd,
  type MergedPdfPart,
} from './merged-pdf-writer.ts';
import { corpusBytes, corpusNames, field, makePng, makeTemplate } from '../test/fixtures.ts';
import {
  makeInheritingTemplate,
  mergeAll,
  occurrences,
  popplerPages,
  popplerTexts,
  qpdfCheck,
} from '../test/merged-pdf-check.ts';
import { hasPoppler, hasQpdf } from '../../../test-fixtures/command-line-tools.ts';
import type { FieldSpec, FieldValues } from './types.ts';

const canCheck = hasQpdf && hasPoppler;

/** Documents of one template, the i-th with `Person-i` on `page` (and `City-i` on `lastPage`). */
const fillMany = async (
  template: Uint8Array,
  count: number,
  options: { lastPage?: number; value?: (i: number) => string; extra?: FieldValues } = {},
) => {
  const engine = createFillEngine();
  const fields: FieldSpec[] = [
    field('name', { rectX: 40, rectY: 40, rectWidth: 300 }),
    field('city', { page: options.lastPage ?? 1, rectX: 40, rectY: 90, rectWidth: 300 }),
    field('photo', { type: 'image', rectX: 40, rectY: 140, rectWidth: 60, rectHeight: 60 }),
  ];
  const value = options.value ?? ((i: number) => `Person-${i}`);
  const documents: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const values = { name: value(i), city: `City-${i}`, ...options.extra };
    documents.push((await engine.fill(template, fields, values)).pdf);
  }
  return documents;
};

/** qpdf finds nothing to complain about, and poppler counts the pages of all documents. */
const expectValid = (pdf: Uint8Array, pages: number) => {
  const check = qpdfCheck(pdf);
  expect(check.status, check.output).toBe(0);
  const info = popplerPages(pdf);
  expect(info.errors).toBe('');
  expect(info.count).toBe(pages);
  return info;
};

describe.skipIf(!canCheck)('merged PDF: documents of one template', () => {
  let template: Uint8Array;
  beforeAll(async () => {
    template = await makeTemplate(); // pdf-lib: an xref stream and object streams
  });

  it('puts every page of every document in order, each page with its own document’s values', async () => {
    const documents = await fillMany(template, 6, { lastPage: 4 });
    const { pdf, summary } = await mergeAll(documents);
    const info = expectValid(pdf, 24);
    expect(summary).toMatchObject({ documents: 6, pages: 24, documentsCopiedWhole: 0 });
    expect(summary.bytes).toBe(pdf.length);
    // Rotation and page size come with each copy: A4, Letter landscape, A4 at 90, offset at 270.
    expect(info.rotations).toEqual(Array.from({ length: 6 }, () => [0, 0, 90, 270]).flat());
    const texts = popplerTexts(pdf);
    for (let i = 0; i < 6; i++) {
      const first = texts[i * 4]!;
      expect(first).toContain(`Person-${i}`);
      expect(first).toContain('Template page 1');
      for (let other = 0; other < 6; other++) {
        if (other !== i) expect(first).not.toContain(`Person-${other}`);
      }
      expect(texts[i * 4 + 1]).toContain('Template page 2');
      expect(texts[i * 4 + 3]).toContain(`City-${i}`);
    }
  });

  it('writes the template’s objects once: each further document adds about its update', async () => {
    const documents = await fillMany(template, 12, { lastPage: 4 });
    const update = documents[0]!.length - template.length;
    const few = await mergeAll(documents.slice(0, 2));
    const many = await mergeAll(documents);
    expectValid(many.pdf, 48);
    const perDocument = (many.pdf.length - few.pdf.length) / 10;
    expect(perDocument).toBeLessThan(update * 1.2);
    // The template's Helvetica and the engine's own: once each, however many documents.
    expect(occurrences(many.pdf, '/BaseFont /Helvetica')).toBe(2);
  });

  it('writes a picture that every document shows once', async () => {
    const photo = await makePng(40, 40);
    const documents = await fillMany(template, 5, { extra: { photo } });
    const { pdf } = await mergeAll(documents);
    expectValid(pdf, 20);
    expect(occurrences(pdf, '/Subtype /Image')).toBe(1);
  });

  it('keeps each document’s own font subset for text the standard fonts cannot print', async () => {
    const value = (i: number) => `Zażółć ${i} Ελληνικά`;
    const documents = await fillMany(template, 3, { value });
    const { pdf } = await mergeAll(documents);
    expectValid(pdf, 12);
    const texts = popplerTexts(pdf);
    for (let i = 0; i < 3; i++) expect(texts[i * 4]).toContain(value(i));
  });

  it('shares the template with a document that had nothing filled', async () => {
    const documents = await fillMany(template, 3);
    const { pdf, summary } = await mergeAll([template, ...documents]);
    expectValid(pdf, 16);
    expect(summary.documentsCopiedWhole).toBe(0);
    expect(popplerTexts(pdf)[4]).toContain('Person-0');
  });
});

describe.skipIf(!canCheck)('merged PDF: a file written in parts', () => {
  /** Each part by its own writer, as a job resumed in another process writes it. */
  const mergeInParts = async (parts: Uint8Array[][]) => {
    const chunks: Uint8Array[] = [];
    const sink = { write: (chunk: Uint8Array) => void chunks.push(chunk) };
    const written: MergedPdfPart[] = [];
    for (const documents of parts) {
      const writer = createMergedPdfWriter(sink, written.at(-1)?.end);
      for (const document of documents) await writer.add(document);
      written.push(await writer.finishPart());
    }
    const bytes = await writeMergedPdfEnd(sink, written);
    const pdf = new Uint8Array(Buffer.concat(chunks));
    expect(bytes).toBe(pdf.length);
    return pdf;
  };

  it('makes one valid file with every document in order, parts empty or not', async () => {
    const template = await makeTemplate();
    const documents = await fillMany(template, 5, { lastPage: 4 });
    const pdf = await mergeInParts([
      [],
      documents.slice(0, 2),
      [],
      documents.slice(2, 3),
      documents.slice(3),
    ]);
    expectValid(pdf, 20);
    const texts = popplerTexts(pdf);
    for (let i = 0; i < 5; i++) expect(texts[i * 4]).toContain(`Person-${i}`);
    expect(occurrences(pdf, '%PDF-')).toBe(1);
  });

  it('makes a valid empty file from parts without documents', async () => {
    const check = qpdfCheck(await mergeInParts([[], []]));
    expect(check.status, check.output).toBe(0);
  });
});

describe.skipIf(!canCheck)('merged PDF: pages that inherit from the page tree', () => {
  it('writes inherited size, rotation and resources on each page of a classic-xref template', async () => {
    const template = await makeInheritingTemplate();
    const documents = await fillMany(template, 4, { lastPage: 3 });
    const { pdf } = await mergeAll(documents);
    const info = expectValid(pdf, 12);
    expect(info.rotations).toEqual(Array.from({ length: 4 }, () => [90, 180, 180]).flat());
    expect(new Set(info.sizes)).toEqual(new Set(['420x595']));
    const texts = popplerTexts(pdf);
    for (let i = 0; i < 4; i++) {
      expect(texts[i * 3]).toContain('Template page 1');
      expect(texts[i * 3]).toContain(`Person-${i}`);
      expect(texts[i * 3 + 1]).toContain('Template page 2'); // its font from the root's resources
      expect(texts[i * 3 + 2]).toContain(`City-${i}`);
    }
  });
});

describe.skipIf(!canCheck)('merged PDF: documents that do not share a template', () => {
  it('copies a document of another template whole, and still shares the rest', async () => {
    const first = await fillMany(await makeTemplate(), 2);
    const other = await fillMany(await makeInheritingTemplate(), 1);
    const { pdf, summary } = await mergeAll([first[0]!, other[0]!, first[1]!]);
    expectValid(pdf, 4 + 3 + 4);
    expect(summary.documentsCopiedWhole).toBe(1);
    const texts = popplerTexts(pdf);
    expect(texts[0]).toContain('Person-0');
    expect(texts[4]).toContain('Template page 1');
    expect(texts[4]).toContain('Person-0');
    expect(texts[7]).toContain('Person-1');
  });

  it('reads a template that has incremental updates of its own, in any order of documents', async () => {
    // A filled document used as a template: its base already has two revisions.
    const engine = createFillEngine();
    const stamp = field('stamp', { rectX: 300, rectY: 40, rectWidth: 200 });
    const { pdf: revised } = await engine.fill(await makeTemplate(), [stamp], { stamp: 'Revised' });
    const documents = await fillMany(revised, 3);
    for (const order of [
      [...documents, revised], // shared: the unfilled template is the others' base
      [revised, ...documents], // read as base plus a revision: the others are copied whole
    ]) {
      const { pdf } = await mergeAll(order);
      expectValid(pdf, 16);
      const texts = popplerTexts(pdf);
      const pageOnes = [0, 4, 8, 12].map((p) => texts[p]!);
      expect(pageOnes.every((text) => text.includes('Revised'))).toBe(true);
      expect(pageOnes.filter((text) => /Person-\d/.test(text))).toHaveLength(3);
    }
    expect((await mergeAll([...documents, revised])).summary.documentsCopiedWhole).toBe(0);
  });

  it('writes a valid empty PDF when no document was added', async () => {
    const { pdf, summary } = await mergeAll([]);
    expect(summary).toMatchObject({ documents: 0, pages: 0 });
    const check = qpdfCheck(pdf);
    expect(check.status, check.output).toBe(0);
  });

  it('waits for the sink, and refuses an add before the previous one finished', async () => {
    const documents = await fillMany(await makeTemplate(), 3);
    const chunks: Uint8Array[] = [];
    let waiting = 0;
    const writer = createMergedPdfWriter({
      write: async (chunk) => {
        waiting++;
        await new Promise((resolve) => setImmediate(resolve));
        chunks.push(chunk);
        waiting--;
      },
    });
    const adding = writer.add(documents[0]!);
    await expect(writer.add(documents[1]!)).rejects.toThrow(/await each add/);
    await adding;
    expect(waiting).toBe(0);
    await writer.add(documents[1]!);
    await writer.add(documents[2]!);
    await writer.finish();
    const merged = new Uint8Array(Buffer.concat(chunks));
    expect(Buffer.from(merged).equals(Buffer.from((await mergeAll(documents)).pdf))).toBe(true);
    await expect(writer.add(documents[0]!)).rejects.toThrow(/finished/);
  });
});

// Each template here is parsed by pdf-lib and pdf.js: seconds for the 24-page one.
describe.skipIf(!canCheck)('merged PDF: corpus templates', () => {
  const merges = async (template: Uint8Array, pages: number) => {
    const documents = await fillMany(template, 3, { lastPage: pages });
    const { pdf, summary } = await mergeAll(documents);
    expectValid(pdf, pages * 3);
    expect(summary.documentsCopiedWhole).toBe(0);
    // Poppler may order a value among the form's own words: compare without whitespace.
    const texts = popplerTexts(pdf).map((text) => text.replace(/\s+/g, ''));
    for (let i = 0; i < 3; i++) {
      expect(texts[i * pages]).toContain(`Person-${i}`);
      expect(texts[i * pages + pages - 1]).toContain(`City-${i}`);
    }
    return pdf;
  };

  it('merges a classic-table form, an Acrobat hybrid file and inherited boxes', async () => {
    // Sharing is measured on the 24-page form below: this printed form is a few KB.
    await merges(await corpusBytes('printed-a4-form-classic-xref.pdf'), 1);
    await merges(await corpusBytes('irs-f1040-2010-prefilled.pdf'), 2);
    await merges(await corpusBytes('mediabox-inherited-from-pages.pdf'), 3);
    const rotated = await merges(await corpusBytes('rotation-inherited-from-pages.pdf'), 1);
    expect(popplerPages(rotated).rotations).toEqual([90, 90, 90]);
  });

  it('merges the W-9 after its form was imported', async () => {
    const { pdf: imported } = await importAcroForm(await corpusBytes('irs-fw9.pdf'));
    await merges(imported, 6);
  });

  // qpdf only, and no bombs: checking one means decoding a gigabyte (minutes).
  it(
    'merges every corpus template the engine fills, no worse in qpdf’s eyes than one document',
    { timeout: 300_000 },
    async () => {
      const verdict = (status: number | null) => (status === 0 ? 0 : status === 3 ? 1 : 2);
      let merged = 0;
      for (const name of corpusNames('pdfs').filter((f) => !f.includes('bomb'))) {
        const template = await corpusBytes(name);
        const engine = createFillEngine();
        const documents: Uint8Array[] = [];
        try {
          for (const i of [0, 1]) {
            const box = field('a', { rectX: 20, rectY: 20, rectWidth: 150 });
            documents.push((await engine.fill(template, [box], { a: `Person-${i}` })).pdf);
          }
        } catch {
          continue; // refused on upload: encrypted, not a PDF, damaged beyond use
        }
        const { pdf, summary } = await mergeAll(documents);
        expect(summary, name).toMatchObject({ documentsCopiedWhole: 0 });
        const single = verdict(qpdfCheck(documents[0]!).status);
        expect(verdict(qpdfCheck(pdf).status), name).toBeLessThanOrEqual(single);
        merged++;
      }
      expect(merged).toBeGreaterThan(15);
    },
  );

  it('merges the 24-page form packed in object streams', { timeout: 120_000 }, async () => {
    const template = await corpusBytes('irs-i1040-instructions-24p.pdf');
    const pdf = await merges(template, 24);
    expect(pdf.length).toBeLessThan(template.length * 1.5);
  });
});
