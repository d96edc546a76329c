import { describe, expect, it } from 'vitest';
import { corpusBytes } from '../../../../../../test-fixtures/corpus.ts';
import {
  displayedPageSize,
  displayedToUserSpace,
  pageToScreen,
  type PdfPageBox,
} from '../../../../test/page-spaces.ts';
import {
  clampRectToPage,
  fitWidthZoom,
  isBigEnoughOnScreen,
  pagePoint,
  rectFromCorners,
  scaleForZoom,
  screenPoint,
  screenToPage,
  type PageView,
} from './page-geometry.ts';

const a4 = { width: 595.28, height: 841.89 };
const letter = { width: 612, height: 792 };
const landscape = { width: 792, height: 612 };

const views: [string, PageView][] = [
  ['100 % at the origin', { rect: { left: 0, top: 0 }, scale: scaleForZoom(1) }],
  ['50 % zoom', { rect: { left: 120, top: 64 }, scale: scaleForZoom(0.5) }],
  ['200 % zoom', { rect: { left: 120, top: 64 }, scale: scaleForZoom(2) }],
  ['scrolled 3000 px down', { rect: { left: 312.5, top: -3000.25 }, scale: scaleForZoom(0.8) }],
];

describe('screen ⇄ page points', () => {
  it.each(views)('round-trips every corner of A4, Letter and landscape pages at %s', (_, view) => {
    for (const page of [a4, letter, landscape]) {
      for (const [x, y] of [
        [0, 0],
        [page.width, 0],
        [0, page.height],
        [page.width, page.height],
        [123.45, 678.9 % page.height],
      ] as const) {
        const back = screenToPage(pageToScreen(pagePoint(x, y), view), view);
        expect(back.x).toBeCloseTo(x, 9);
        expect(back.y).toBeCloseTo(y, 9);
      }
    }
  });

  it('puts a page point at its scaled offset from the page corner, scroll included', () => {
    const view: PageView = { rect: { left: 100, top: -500 }, scale: 3 };
    expect(pageToScreen(pagePoint(10, 20), view)).toEqual({ x: 130, y: -440 });
    expect(screenToPage(screenPoint(130, -440), view)).toEqual({ x: 10, y: 20 });
  });

  it('judges the minimum box size in screen units, whatever the zoom', () => {
    const rect = { x: 0, y: 0, width: 8, height: 8 };
    expect(isBigEnoughOnScreen(rect, scaleForZoom(0.5))).toBe(false); // 6 px
    expect(isBigEnoughOnScreen(rect, scaleForZoom(1))).toBe(true); // 12 px
  });

  it('spans a rectangle from two corners in any order', () => {
    expect(rectFromCorners(pagePoint(50, 80), pagePoint(10, 20))).toEqual({
      x: 10,
      y: 20,
      width: 40,
      height: 60,
    });
  });

  it('keeps a rectangle on its page', () => {
    expect(clampRectToPage({ x: 580, y: -4, width: 40, height: 10 }, a4)).toEqual({
      x: a4.width - 40,
      y: 0,
      width: 40,
      height: 10,
    });
  });

  it('fits the widest page into the width, within 20–200 % (under the 50 % of the buttons, for a phone)', () => {
    expect(fitWidthZoom(893, [a4])).toBeCloseTo(1, 1);
    expect(fitWidthZoom(294, [a4])).toBe(0.33);
    expect(fitWidthZoom(100, [a4])).toBe(0.2);
    expect(fitWidthZoom(10_000, [letter, landscape])).toBe(2);
  });
});

describe('displayed points ⇄ PDF user space (rotation and CropBox)', () => {
  it('swaps width and height of pages turned by 90 or 270 degrees', () => {
    const box = (rotate: PdfPageBox['rotate']): PdfPageBox => ({
      viewBox: [0, 0, 612, 792],
      rotate,
    });
    expect(displayedPageSize(box(0))).toEqual(letter);
    expect(displayedPageSize(box(90))).toEqual(landscape);
    expect(displayedPageSize(box(270))).toEqual(landscape);
  });

  it('agrees with pdf.js on every page of a CropBox-offset PDF rotated 0/90/180/270', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = await corpusBytes('cropped-boxes-turned-8p.pdf');
    const doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const box: PdfPageBox = {
        viewBox: viewport.viewBox as PdfPageBox['viewBox'],
        rotate: viewport.rotation as PdfPageBox['rotate'],
      };
      const size = displayedPageSize(box);
      expect(size.width).toBeCloseTo(viewport.width, 6);
      expect(size.height).toBeCloseTo(viewport.height, 6);
      for (const [x, y] of [
        [0, 0],
        [size.width, size.height],
        [37.5, 101.25],
      ] as const) {
        const [ux, uy] = displayedToUserSpace(pagePoint(x, y), box);
        const [px, py] = viewport.convertToPdfPoint(x, y) as [number, number];
        expect(ux).toBeCloseTo(px, 6);
        expect(uy).toBeCloseTo(py, 6);
      }
    }
    await doc.destroy();
  });
});
