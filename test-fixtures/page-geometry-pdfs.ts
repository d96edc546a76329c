/**
 * Templates whose pages are not plain upright sheets: turned, cropped away from the origin,
 * of mixed sizes, or inheriting their boxes and rotation from the page tree.
 */
import { degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { HELVETICA, textContent, writePdf } from './pdf-writer.ts';

/** pdf-lib without the clock: no creation or modification date, so the bytes repeat. */
export const newDocument = () => PDFDocument.create({ updateMetadata: false });

/** Two letter pages of text; the second is shown turned by /Rotate 90 (landscape). */
export const twoPagesSecondTurned = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([612, 792]);
  // Low on the page: the browser tests draw boxes in the top third and read them back as text.
  first.drawText('This is the first page, upright.', { x: 72, y: 320, size: 14, font });
  first.drawText('A second line on the first page.', { x: 72, y: 300, size: 14, font });
  const second = doc.addPage([612, 792]);
  second.setRotation(degrees(90));
  // Drawn turned so that it reads upright once the viewer applies /Rotate 90.
  second.drawText('This is the second page, shown in landscape.', {
    x: 100,
    y: 72,
    size: 14,
    font,
    rotate: degrees(90),
  });
  return doc.save({ useObjectStreams: false });
};

/** /Rotate 90 is set on the /Pages node only; the page inherits it. */
export const rotationInheritedFromPages = () =>
  writePdf({
    version: '1.3',
    objects: [
      { id: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { id: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate 90 >>' },
      {
        id: 3,
        body:
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
          '/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      },
      {
        id: 4,
        dict: '',
        stream: textContent([{ x: 72, y: 700, text: 'Rotation comes from the page tree' }]),
      },
      { id: 5, body: HELVETICA },
    ],
  });

/** The MediaBox is on the /Pages node only, for three pages. */
export const mediaBoxInheritedFromPages = () =>
  writePdf({
    version: '1.3',
    objects: [
      { id: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      {
        id: 2,
        body: '<< /Type /Pages /Kids [3 0 R 6 0 R 8 0 R] /Count 3 /MediaBox [0 0 595 842] >>',
      },
      ...[3, 6, 8].flatMap((id, i) => [
        {
          id,
          body: `<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents ${id + 1} 0 R >>`,
        },
        {
          id: id + 1,
          dict: '',
          stream: textContent([{ x: 72, y: 760, text: `Inherited box, page ${i + 1}` }]),
        },
      ]),
      { id: 5, body: HELVETICA },
    ],
  });

/**
 * Eight letter pages, each with MediaBox [0 0 612 792], CropBox [10 20 582 752] and Bleed,
 * Trim and Art boxes, turned 0, 90, 180 and 270 degrees, twice over.
 */
export const croppedBoxesTurned = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 8; i++) {
    const page = doc.addPage([612, 792]);
    page.setCropBox(10, 20, 572, 732);
    page.setBleedBox(5, 10, 602, 772);
    page.setTrimBox(20, 30, 552, 712);
    page.setArtBox(40, 50, 500, 600);
    page.setRotation(degrees((i % 4) * 90));
    page.drawText(`Page ${i + 1}: CropBox starts at (10, 20), rotated ${(i % 4) * 90}`, {
      x: 30,
      y: 700,
      size: 12,
      font,
    });
    page.drawRectangle({ x: 10, y: 20, width: 572, height: 732, borderWidth: 1 });
  }
  return doc.save({ useObjectStreams: false });
};

/** Letter portrait, an odd 649 × 323 page, and letter landscape. */
export const mixedPageSizes = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [width, height] of [
    [612, 792],
    [649, 323],
    [792, 612],
  ] as const) {
    doc
      .addPage([width, height])
      .drawText(`${width} x ${height} points`, { x: 40, y: height - 60, size: 14, font });
  }
  return doc.save({ useObjectStreams: false });
};

/** One page 612 × 396 (half letter, landscape) with a PDF 2.0 header. */
export const onePdf20HalfPage = () =>
  writePdf({
    version: '2.0',
    objects: [
      { id: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { id: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        id: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 396] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      },
      {
        id: 4,
        dict: '',
        stream: textContent([{ x: 72, y: 300, size: 24, text: 'One short page (PDF 2.0)' }]),
      },
      { id: 5, body: HELVETICA },
    ],
  });

/** Nineteen letter pages of numbered paragraphs: a long document with no form. */
export const nineteenPages = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= 19; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Article ${n}`, { x: 72, y: 720, size: 18, font });
    for (let line = 0; line < 30; line++) {
      page.drawText(`Section ${line + 1}. Paragraph text of article ${n}, line ${line + 1}.`, {
        x: 72,
        y: 690 - line * 20,
        size: 11,
        font,
      });
    }
  }
  return doc.save({ useObjectStreams: false });
};

/**
 * An A4 page with a printed form (labels and ruled boxes, no AcroForm) in a file with a classic
 * cross-reference table, as browsers print HTML forms.
 */
export const printedA4FormClassicXref = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([594.96, 841.92]);
  page.drawText('Registration form', { x: 56, y: 770, size: 20, font: bold });
  const labels = [
    'Name',
    'Street',
    'City',
    'Postcode',
    'Country',
    'Email',
    'Phone',
    'Date',
    'Signature',
    'Notes',
  ];
  labels.forEach((label, i) => {
    const y = 720 - i * 56;
    page.drawText(label, { x: 56, y: y + 26, size: 10, font });
    page.drawRectangle({ x: 56, y, width: 480, height: 22, borderWidth: 0.75 });
  });
  return doc.save({ useObjectStreams: false });
};
