import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.ts';
import {
  displayedSize,
  displayPoint,
  displayRectToPdfBox,
  normaliseRotation,
  pdfBoxToDisplayRect,
  toDisplayPoint,
  toUserPoint,
  visibleBox,
  type PageGeometry,
} from './pdf-user-space.ts';
import { corpusBytes, openWithPdfjs } from '../test/fixtures.ts';
import type { PageRotation } from './analysis-types.ts';

const A4 = { x: 0, y: 0, width: 595.28, height: 841.89 };
const LETTER = { x: 0, y: 0, width: 612, height: 792 };
const LANDSCAPE = { x: 0, y: 0, width: 792, height: 612 };
const CROPPED = { x: 10, y: 20, width: 572, height: 732 };
const NEGATIVE = { x: -100, y: 50, width: 612, height: 792 };
const rotations: PageRotation[] = [0, 90, 180, 270];

const cases = [A4, LETTER, LANDSCAPE, CROPPED, NEGATIVE].flatMap((box) =>
  rotations.map((rotation): PageGeometry => ({ visibleBox: box, rotation })),
);

const rect = { rectX: 40.5, rectY: 70.25, rectWidth: 120, rectHeight: 30 };

describe('page geometry', () => {
  it.each(cases)('round-trips points and rects on %o', (g) => {
    for (const [x, y] of [
      [0, 0],
      [12.5, 700],
      [300, 33.3],
    ] as const) {
      const back = toDisplayPoint(g, toUserPoint(g, displayPoint(x, y)));
      expect(back.x).toBeCloseTo(x, 9);
      expect(back.y).toBeCloseTo(y, 9);
    }
    const again = pdfBoxToDisplayRect(g, displayRectToPdfBox(g, rect));
    for (const key of ['rectX', 'rectY', 'rectWidth', 'rectHeight'] as const) {
      expect(again[key]).toBeCloseTo(rect[key], 9);
    }
  });

  it.each(cases)('maps the displayed corners onto the visible box on %o', (g) => {
    const { width, height } = displayedSize(g);
    const corners = [
      [0, 0],
      [width, 0],
      [0, height],
      [width, height],
    ].map(([x, y]) => toUserPoint(g, displayPoint(x!, y!)));
    const xs = corners.map((c) => c.x);
    const ys = corners.map((c) => c.y);
    expect(Math.min(...xs)).toBeCloseTo(g.visibleBox.x, 9);
    expect(Math.max(...xs)).toBeCloseTo(g.visibleBox.x + g.visibleBox.width, 9);
    expect(Math.min(...ys)).toBeCloseTo(g.visibleBox.y, 9);
    expect(Math.max(...ys)).toBeCloseTo(g.visibleBox.y + g.visibleBox.height, 9);
  });

  it('puts the displayed top-left where a viewer shows it', () => {
    expect(toUserPoint({ visibleBox: LETTER, rotation: 0 }, displayPoint(0, 0))).toEqual({
      x: 0,
      y: 792,
    });
    expect(toUserPoint({ visibleBox: LETTER, rotation: 90 }, displayPoint(0, 0))).toEqual({
      x: 0,
      y: 0,
    });
    expect(toUserPoint({ visibleBox: LETTER, rotation: 180 }, displayPoint(0, 0))).toEqual({
      x: 612,
      y: 0,
    });
    expect(toUserPoint({ visibleBox: LETTER, rotation: 270 }, displayPoint(0, 0))).toEqual({
      x: 612,
      y: 792,
    });
    expect(displayedSize({ visibleBox: LETTER, rotation: 90 })).toEqual({
      width: 792,
      height: 612,
    });
  });

  it('normalises any /Rotate value and clips the CropBox to the MediaBox', () => {
    expect([0, 90, -90, 450, 180, 270, 360, 89].map(normaliseRotation)).toEqual([
      0, 90, 270, 90, 180, 270, 0, 90,
    ]);
    expect(visibleBox(LETTER, { x: -10, y: 20, width: 700, height: 100 })).toEqual({
      x: 0,
      y: 20,
      width: 612,
      height: 100,
    });
    expect(visibleBox(LETTER, { x: 1000, y: 1000, width: 5, height: 5 })).toEqual(LETTER);
  });
});

const geometryFiles = [
  'two-pages-second-turned.pdf',
  'rotation-inherited-from-pages.pdf',
  'cropped-boxes-turned-8p.pdf',
  'mixed-page-sizes-3p.pdf',
  'mediabox-inherited-from-pages.pdf',
  'form-widget-turned-by-appearance.pdf',
] as const;

describe('page geometry agrees with pdf.js on corpus files', () => {
  it.each(geometryFiles)('%s', async (name) => {
    const bytes = await corpusBytes(name);
    const analysis = await analyse(bytes);
    const doc = await openWithPdfjs(bytes);
    expect(analysis.pageCount).toBe(doc.numPages);
    for (const info of analysis.pages) {
      const viewport = (await doc.getPage(info.page)).getViewport({ scale: 1 });
      expect(info.width).toBeCloseTo(viewport.width, 6);
      expect(info.height).toBeCloseTo(viewport.height, 6);
      const g: PageGeometry = { visibleBox: info.cropBox, rotation: info.rotation };
      for (const [x, y] of [
        [0, 0],
        [info.width, 0],
        [17, info.height - 5],
        [info.width / 3, info.height / 2],
      ] as const) {
        const ours = toUserPoint(g, displayPoint(x, y));
        const [px, py] = viewport.convertToPdfPoint(x, y) as [number, number];
        expect(ours.x).toBeCloseTo(px, 6);
        expect(ours.y).toBeCloseTo(py, 6);
      }
    }
    await doc.destroy();
  });

  it('reads rotation inherited from the /Pages node and MediaBox offsets', async () => {
    const inherited = await analyse(await corpusBytes('rotation-inherited-from-pages.pdf'));
    expect(inherited.pages[0]?.rotation).toBe(90);
    const boxes = await analyse(await corpusBytes('cropped-boxes-turned-8p.pdf'));
    expect(boxes.pages.map((p) => p.rotation)).toEqual([0, 90, 180, 270, 0, 90, 180, 270]);
    expect(boxes.pages[0]?.cropBox).toEqual({ x: 10, y: 20, width: 572, height: 732 });
    const mixed = await analyse(await corpusBytes('mixed-page-sizes-3p.pdf'));
    expect(mixed.pages.map((p) => [p.width, p.height])).toEqual([
      [612, 792],
      [649, 323],
      [792, 612],
    ]);
    const inheritedBox = await analyse(await corpusBytes('mediabox-inherited-from-pages.pdf'));
    expect(inheritedBox.pages.map((p) => [p.width, p.height])).toEqual([
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
  });
});
