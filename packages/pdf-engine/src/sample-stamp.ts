/** The diagonal SAMPLE mark of tryout documents, upright on every page as displayed. */
import { degrees, rgb, StandardFonts, type PDFDocument } from '@cantoo/pdf-lib';
import { beginBox, endBox } from './draw-text.ts';
import type { PDFPage } from '@cantoo/pdf-lib';
import { displayedSize, displayRectTransform, type PageGeometry } from './page-geometry.ts';

const WORD = 'SAMPLE';

/** Stamps each page corner to corner, bottom-left to top-right, half transparent. */
export const stampSample = async (
  doc: PDFDocument,
  pages: PDFPage[],
  geometries: PageGeometry[],
) => {
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  pages.forEach((page, i) => {
    const geometry = geometries[i]!;
    const { width, height } = displayedSize(geometry);
    const angle = Math.atan2(height, width);
    const diagonal = Math.hypot(width, height);
    const size = (diagonal * 0.6) / font.widthOfTextAtSize(WORD, 1);
    const textWidth = font.widthOfTextAtSize(WORD, size);
    const capHeight = font.heightAtSize(size, { descender: false }) * 0.7;
    // Start the baseline so that the word's centre lands on the page's centre.
    const x = width / 2 - (textWidth / 2) * Math.cos(angle) + (capHeight / 2) * Math.sin(angle);
    const y = height / 2 - (textWidth / 2) * Math.sin(angle) - (capHeight / 2) * Math.cos(angle);
    const rect = { rectX: 0, rectY: 0, rectWidth: width, rectHeight: height };
    beginBox(page, { matrix: displayRectTransform(geometry, rect), width, height });
    page.drawText(WORD, {
      x,
      y,
      size,
      font,
      color: rgb(0.86, 0.15, 0.15),
      opacity: 0.3,
      rotate: degrees((angle * 180) / Math.PI),
    });
    endBox(page);
  });
};
