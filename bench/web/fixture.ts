import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export const PAGE_COUNT = 100;
export const FIELD_COUNT = 500;

const A4 = { width: 595, height: 842 };
const FIELDS_PER_PAGE = FIELD_COUNT / PAGE_COUNT;

/**
 * A 100-page A4 form made for the benchmark: a title, ruled lines and a paragraph of text on
 * every page, so pdf.js has real drawing to do (text runs, paths) rather than blank pages.
 */
export const hundredPagePdf = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= PAGE_COUNT; n++) {
    const page = doc.addPage([A4.width, A4.height]);
    page.drawText(`Application form, page ${n} of ${PAGE_COUNT}`, {
      x: 56,
      y: 790,
      size: 16,
      font: bold,
    });
    for (let row = 0; row < 30; row++) {
      const y = 740 - row * 22;
      page.drawText(`Line ${row + 1}: the applicant states the following details.`, {
        x: 56,
        y: y + 4,
        size: 9,
        font,
        color: rgb(0.3, 0.3, 0.3),
      });
      page.drawLine({
        start: { x: 300, y },
        end: { x: 540, y },
        thickness: 0.5,
        color: rgb(0.6, 0.6, 0.6),
      });
    }
  }
  return doc.save();
};

/** Five one-line text fields per page, on the ruled lines (points from the top-left). */
export const fiveHundredFields = () =>
  Array.from({ length: FIELD_COUNT }, (_, index) => {
    const page = Math.floor(index / FIELDS_PER_PAGE) + 1;
    const row = index % FIELDS_PER_PAGE;
    return {
      page,
      label: `field${index + 1}`,
      fieldType: 'text',
      rectX: 300,
      rectY: 120 + row * 110,
      rectWidth: 240,
      rectHeight: 18,
    };
  });
