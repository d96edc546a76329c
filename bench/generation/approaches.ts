/**
 * The ways of producing one filled document that the benchmark compares. Each is set up once
 * (what a warm server would keep) and then called once per document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Template } from '@pdfme/common';
import { FIELDS, fieldsFor, valuesFor, type ValueSet } from './fixtures.ts';

// Libraries are imported only by the approach that uses them, so each cell's memory is its own.

export type ApproachId = 'platen' | 'platen-keyed' | 'pdf-lib' | 'pdfme' | 'byte-copy';
export type MakeDocument = () => Promise<Uint8Array>;

export const APPROACHES: Record<ApproachId, string> = {
  platen: "Platen's fill (template found by content)",
  'platen-keyed': "Platen's fill with a templateKey",
  'pdf-lib': 'pdf-lib: load, draw, save per document',
  pdfme: "pdfme's generator",
  'byte-copy': 'copying the template bytes (the limit)',
};

const textFields = FIELDS.filter((f) => f.type === 'text');
const box = FIELDS.find((f) => f.type === 'checkbox')!;
const color = { r: 0x1a / 255, g: 0x2b / 255, b: 0x3c / 255 };
const arimoPath = '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf';

/** Draws the same boxes with plain pdf-lib calls (standard font) or @cantoo/pdf-lib (embedded). */
const pdfLibDocument = async (template: Uint8Array, set: ValueSet): Promise<MakeDocument> => {
  const { texts } = valuesFor(set);
  const load = { parseSpeed: Infinity, updateMetadata: false, ignoreEncryption: true };
  if (set === 'latin') {
    const pdfLib = await import('pdf-lib');
    return async () => {
      const doc = await pdfLib.PDFDocument.load(template, load);
      const font = await doc.embedFont(pdfLib.StandardFonts.Helvetica);
      const page = doc.getPage(0);
      const { height } = page.getSize();
      const rgb = pdfLib.rgb(color.r, color.g, color.b);
      textFields.forEach((f, i) => {
        const y = height - f.rectY - f.rectHeight / 2 - 4;
        page.drawText(texts[i]!, { x: f.rectX + 2, y, size: f.fontSize, font, color: rgb });
      });
      const y0 = height - box.rectY - box.rectHeight;
      page.drawLine({
        start: { x: box.rectX + 2, y: y0 + 7 },
        end: { x: box.rectX + 6, y: y0 + 3 },
        thickness: 1.5,
        color: rgb,
      });
      page.drawLine({
        start: { x: box.rectX + 6, y: y0 + 3 },
        end: { x: box.rectX + 12, y: y0 + 12 },
        thickness: 1.5,
        color: rgb,
      });
      return doc.save();
    };
  }
  // Plain pdf-lib with @pdf-lib/fontkit drops glyphs of these fonts when subsetting (packages/pdf-engine/README.md).
  const cantoo = await import('@cantoo/pdf-lib');
  const { default: cantooFontkit } = await import('@cantoo/fontkit');
  const fontBytes = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(arimoPath)));
  return async () => {
    const doc = await cantoo.PDFDocument.load(template, load);
    doc.registerFontkit(cantooFontkit);
    const font = await doc.embedFont(fontBytes, { subset: true });
    const page = doc.getPage(0);
    const { height } = page.getSize();
    const rgb = cantoo.rgb(color.r, color.g, color.b);
    textFields.forEach((f, i) => {
      const y = height - f.rectY - f.rectHeight / 2 - 4;
      page.drawText(texts[i]!, { x: f.rectX + 2, y, size: f.fontSize, font, color: rgb });
    });
    return doc.save();
  };
};

const MM_PER_PT = 25.4 / 72;
const mm = (pt: number) => Math.round(pt * MM_PER_PT * 100) / 100;

/** pdfme's template: the same boxes in millimetres, an empty schema for every other page. */
const pdfmeDocument = async (template: Uint8Array, set: ValueSet): Promise<MakeDocument> => {
  const { values } = valuesFor(set);
  const { generate } = await import('@pdfme/generator');
  const { checkbox, text } = await import('@pdfme/schemas');
  const pdfLib = await import('pdf-lib');
  const pageCount = (
    await pdfLib.PDFDocument.load(template, { updateMetadata: false })
  ).getPageCount();
  const first = FIELDS.map((f) => ({
    name: f.label,
    type: f.type === 'checkbox' ? 'checkbox' : 'text',
    position: { x: mm(f.rectX), y: mm(f.rectY) },
    width: mm(f.rectWidth),
    height: mm(f.rectHeight),
    ...(f.type === 'checkbox'
      ? { color: f.fontColor }
      : { fontSize: f.fontSize, fontColor: f.fontColor }),
  }));
  const pdfmeTemplate = {
    basePdf: template,
    schemas: [first, ...Array.from({ length: pageCount - 1 }, () => [])],
  } as unknown as Template;
  const inputs = [
    Object.fromEntries(
      // pdfme runs the text sets only: every value is text or a tick.
      Object.entries(values).map(([k, v]) => [k, String(v as string | boolean)]),
    ),
  ];
  return () => generate({ template: pdfmeTemplate, inputs, plugins: { text, checkbox } });
};

/** Sets an approach up for a template and value set; the result makes one document per call. */
export const prepareApproach = async (
  id: ApproachId,
  template: Uint8Array,
  set: ValueSet,
): Promise<MakeDocument> => {
  const { values } = valuesFor(set);
  switch (id) {
    case 'platen':
    case 'platen-keyed': {
      const { createFillEngine } = await import('@platen/pdf-engine');
      const { fill } = createFillEngine();
      const options = id === 'platen-keyed' ? { templateKey: 'bench' } : {};
      if (set === 'cjk' || set === 'qrcode' || set === 'invoice') {
        // Values differ per document: each gets its own font subset or its own QR code.
        const fields = fieldsFor(set);
        let n = 0;
        return () => fill(template, fields, valuesFor(set, n++).values, options).then((r) => r.pdf);
      }
      return () => fill(template, FIELDS, values, options).then((r) => r.pdf);
    }
    case 'pdf-lib':
      return pdfLibDocument(template, set);
    case 'pdfme':
      return pdfmeDocument(template, set);
    case 'byte-copy':
      return async () => new Uint8Array(template);
  }
};
