/**
 * Test helpers: the test corpus (test-fixtures/), a generated template, and two independent ways to look at
 * output — pdf.js text positions converted by pdf.js's own viewport, and rendered pixels.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from '@cantoo/pdf-lib';
import type { DisplayRect, FieldSpec } from '../src/types.ts';

export { corpusBytes, corpusNames } from '../../../test-fixtures/corpus.ts';
export {
  hasSharedCorpus,
  sharedCorpusBytes,
  sharedCorpusNames,
  sharedCorpusSkipReason,
} from '../../../test-fixtures/shared-corpus.ts';

/**
 * Four pages: A4 portrait, US Letter landscape, A4 with /Rotate 90 and a CropBox offset from the
 * origin, and a page rotated 270 whose 512 × 842 MediaBox starts at (-100, 50).
 */
export const makeTemplate = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const a4 = doc.addPage([595.28, 841.89]);
  a4.drawText('Template page 1', { x: 40, y: 800, size: 10, font });
  doc.addPage([792, 612]).drawText('Template page 2', { x: 40, y: 580, size: 10, font });
  const rotated = doc.addPage([595.28, 841.89]);
  rotated.setCropBox(30, 40, 500, 760);
  rotated.node.set(PDFName.of('Rotate'), PDFNumber.of(90));
  const offset = doc.addPage([612, 792]);
  offset.setMediaBox(-100, 50, 512, 842);
  offset.node.set(PDFName.of('Rotate'), PDFNumber.of(270));
  return doc.save();
};

let nextId = 0;
/** A field with everyday defaults; override what a test is about. */
export const field = (label: string, overrides: Partial<FieldSpec> = {}): FieldSpec => ({
  id: `f${++nextId}`,
  label,
  type: 'text',
  page: 1,
  rectX: 50,
  rectY: 60,
  rectWidth: 200,
  rectHeight: 24,
  fontSize: 14,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
  ...overrides,
});

const pdfjsOptions = () => {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { standardFontDataUrl: join(root, 'standard_fonts') + '/', verbosity: 0 };
};

export const openWithPdfjs = async (pdf: Uint8Array) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({ data: pdf.slice(), ...pdfjsOptions() }).promise;
};

type Point = { x: number; y: number };
/** A text run read back by pdf.js, with its corners on the displayed page (pdf.js's conversion). */
export interface PlacedText {
  str: string;
  corners: Point[];
  /** The font size in points (the text matrix's scale). */
  size: number;
}

/** Every text run on a page, positioned by pdf.js's viewport (independent of page-geometry.ts). */
export const readTexts = async (pdf: Uint8Array, pageNumber: number): Promise<PlacedText[]> => {
  const doc = await openWithPdfjs(pdf);
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const placed: PlacedText[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [a, b, , , e, f] = item.transform as number[];
    const size = Math.hypot(a!, b!);
    const dir = { x: a! / size, y: b! / size };
    const up = { x: -dir.y, y: dir.x };
    const user = [
      { x: e!, y: f! },
      { x: e! + dir.x * item.width, y: f! + dir.y * item.width },
      { x: e! + up.x * size * 0.7, y: f! + up.y * size * 0.7 }, // cap height
      {
        x: e! + dir.x * item.width + up.x * size * 0.7,
        y: f! + dir.y * item.width + up.y * size * 0.7,
      },
    ];
    const corners = user.map((p) => {
      const [x, y] = viewport.convertToViewportPoint(p.x, p.y) as [number, number];
      return { x, y };
    });
    placed.push({ str: item.str, corners, size });
  }
  await doc.destroy();
  return placed;
};

/** True when every corner lies inside the rect, allowing `tolerance` points. */
export const isInside = (t: PlacedText, r: DisplayRect, tolerance = 0.5) =>
  t.corners.every(
    (p) =>
      p.x >= r.rectX - tolerance &&
      p.x <= r.rectX + r.rectWidth + tolerance &&
      p.y >= r.rectY - tolerance &&
      p.y <= r.rectY + r.rectHeight + tolerance,
  );

const pixels = async (png: Uint8Array) => {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
};

/**
 * Counts pixels that differ between two renders at 1 px per point, inside the rect (with 1 px
 * for anti-aliasing) and outside it.
 */
export const changedPixels = async (before: Uint8Array, after: Uint8Array, r: DisplayRect) => {
  const a = await pixels(before);
  const b = await pixels(after);
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const delta = Math.max(...[0, 1, 2].map((k) => Math.abs(a.data[i + k]! - b.data[i + k]!)));
      if (delta < 40) continue;
      const isIn =
        x >= r.rectX - 1 &&
        x <= r.rectX + r.rectWidth + 1 &&
        y >= r.rectY - 1 &&
        y <= r.rectY + r.rectHeight + 1;
      if (isIn) inside++;
      else outside++;
    }
  }
  return { inside, outside };
};

/** A small generated picture: a red square on blue, `width` × `height` pixels. */
export const makePng = async (width: number, height: number): Promise<Uint8Array> => {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1040c0';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#d02020';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return new Uint8Array(await canvas.encode('png'));
};
