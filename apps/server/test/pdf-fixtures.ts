import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';

/** A small real PDF: `pages` A4 pages with a heading, as a user's template might be. */
export const makePdf = async (opts: { pages?: number; width?: number; height?: number } = {}) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < (opts.pages ?? 1); i += 1) {
    const page = doc.addPage([opts.width ?? 595.28, opts.height ?? 841.89]);
    page.drawText(`Application form, page ${i + 1}`, {
      x: 50,
      y: page.getHeight() - 60,
      size: 18,
      font,
    });
  }
  return Buffer.from(await doc.save());
};

export const pageCountOf = async (pdf: Uint8Array) =>
  (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();

/** How many image XObjects a PDF holds (wherever they are stored, object streams included). */
export const countImages = async (pdf: Uint8Array) => {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
};
