/**
 * Fillable templates: an AcroForm of every field family, Unicode names with push buttons and
 * turned widgets, comb fields across many pages, signatures and one field with several boxes.
 */
import {
  degrees,
  PDFBool,
  PDFHexString,
  PDFName,
  StandardFonts,
  type PDFDocument,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { newDocument } from './page-geometry-pdfs.ts';
import { HELVETICA, writePdf } from './pdf-writer.ts';

type Box = { x: number; y: number; width: number; height: number };
/** A box given from the page's top-left, as the tests read them back, in pdf-lib's terms. */
const fromTop = (page: PDFPage, x: number, top: number, width: number, height: number): Box => ({
  x,
  y: page.getHeight() - top - height,
  width,
  height,
});

const labelled = async (doc: PDFDocument) => {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  return (page: PDFPage, text: string, x: number, top: number) =>
    page.drawText(text, { x, y: page.getHeight() - top - 10, size: 10, font });
};

/**
 * Every AcroForm field family on one letter page, in reading order: text, a radio group of
 * three, three checkboxes, another radio group, text, a list, a drop-down, a multi-select list
 * and an editable drop-down. /NeedAppearances is set, as LibreOffice writes it.
 */
export const everyFieldFamily = async () => {
  const doc = await newDocument();
  const page = doc.addPage([612, 792]);
  const label = await labelled(doc);
  const form = doc.getForm();
  label(page, 'Text', 40, 88);
  form.createTextField('text').addToPage(page, fromTop(page, 123.5, 87.3, 137.3, 14.8));
  const r1 = form.createRadioGroup('r1');
  for (const [value, x, top] of [
    ['1', 152.75, 131.45],
    ['2', 152.75, 152.65],
    ['3', 151.4, 173.45],
  ] as const) {
    label(page, `Radio ${value}`, 40, top);
    r1.addOptionToPage(value, page, fromTop(page, x, top, 12, 12));
  }
  for (const [i, top] of [225.65, 252.2, 279.45].entries()) {
    label(page, `Checkbox ${i + 1}`, 40, top - 12);
    form.createCheckBox(`checkbox${i + 1}`).addToPage(page, fromTop(page, 118.65, top, 12, 12));
  }
  const r2 = form.createRadioGroup('r2');
  for (const [value, x, top] of [
    ['1', 118.65, 391.85],
    ['2', 119.35, 417.75],
    ['3', 119.35, 446.4],
  ] as const) {
    r2.addOptionToPage(value, page, fromTop(page, x, top, 12, 12));
  }
  form.createTextField('text2').addToPage(page, fromTop(page, 113.65, 513.9, 237.45, 17.95));
  const list = form.createOptionList('list1');
  list.setOptions(['five', 'six', 'seven', 'eight']);
  list.addToPage(page, fromTop(page, 158.45, 559.15, 62.55, 76.2));
  const drop = form.createDropdown('drop1');
  drop.setOptions(['nine', 'ten', 'elephant', 'twelve']);
  drop.addToPage(page, fromTop(page, 159.15, 661.05, 85.05, 23.7));
  const multi = form.createOptionList('combolist1');
  multi.setOptions(['one', 'two', 'pi', 'four']);
  multi.enableMultiselect();
  multi.addToPage(page, fromTop(page, 403.95, 559.15, 55.05, 73.45));
  const editable = form.createDropdown('combodrop1');
  editable.setOptions(['alpha', 'beta', 'gamma', 'delta']);
  editable.enableEditing();
  editable.addToPage(page, fromTop(page, 404.6, 656.65, 72.1, 33.9));
  form.acroForm.dict.set(PDFName.of('NeedAppearances'), PDFBool.True);
  return doc.save({ useObjectStreams: false });
};

/**
 * Seventeen fillable fields named with emoji (text and checkboxes turned 0/90/180/270, a radio
 * group of four, four drop-downs and four lists) and four push buttons, which hold no value.
 */
export const unicodeNamesAndPushButtons = async () => {
  const doc = await newDocument();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const turns = [0, 90, 180, 270] as const;
  const texts = ['Prefix ⚽️', 'First Name 🚀', 'MiddleInitial 🎳', 'LastName 🛩'];
  texts.forEach((name, i) => {
    const tall = turns[i]! % 180 !== 0;
    const box = fromTop(page, 34 + i * 80, 50, tall ? 30 : 60, tall ? 90 : 22);
    form.createTextField(name).addToPage(page, { ...box, rotate: degrees(turns[i]!) });
  });
  const questions = [
    'Are You A Fairy? 🌿',
    'Is Your Power Level Over 9000? 💪',
    'Can You Defeat Enemies In One Punch? 👊',
    'Will You Ever Let Me Down? ☕️',
  ];
  questions.forEach((name, i) => {
    const box = fromTop(page, 346, 180 + i * 28, 18, 18);
    form.createCheckBox(name).addToPage(page, { ...box, rotate: degrees(turns[i]!) });
  });
  const figures = form.createRadioGroup('Historical Figures 🐺');
  ['Marcus Aurelius 🏛️', 'Ada Lovelace 💻', 'Marie Curie ☢️', 'Alexander Hamilton 🇺🇸'].forEach(
    (option, i) => {
      figures.addOptionToPage(option, page, fromTop(page, 59, 366 + i * 40, 18, 18));
    },
  );
  ['Eject 📼', 'Play ▶️', 'Submit 📝', 'Launch 🚀'].forEach((name, i) => {
    form
      .createButton(name)
      .addToPage(
        name.split(' ')[0]!,
        page,
        fromTop(page, 350 + (i % 2) * 90, 366 + Math.floor(i / 2) * 40, 72, 20),
      );
  });
  for (let i = 0; i < 4; i++) {
    const gundam = form.createDropdown(
      i === 0 ? 'Choose A Gundam 🤖' : `Choose A Gundam 🤖 ${i + 1}`,
    );
    gundam.setOptions(['Exia', 'Kyrios', 'Virtue', 'Dynames']);
    gundam.addToPage(page, fromTop(page, 300 + i * 70, 600, 60, 20));
    const planets = form.createOptionList(
      i === 0 ? 'Which Are Planets? 🌎' : `Which Are Planets? 🌎 ${i + 1}`,
    );
    planets.setOptions(['Earth', 'Mars', 'Pluto', 'Neptune']);
    planets.addToPage(page, fromTop(page, 20 + i * 70, 640, 62, 60));
  }
  return doc.save({ useObjectStreams: false });
};

const PROVINCES = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['ON', 'Ontario'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
] as const;

/**
 * Thirteen pages: a business form on page 1 with comb fields (/MaxLen 9, 2, 4 and two dates of
 * 8) and a province list whose first option is a blank placeholder with export values apart from
 * its labels; then twelve pages of 48 table cells each (587 fields in all).
 */
export const combedFields13Pages = async () => {
  const doc = await newDocument();
  const label = await labelled(doc);
  const form = doc.getForm();
  const first = doc.addPage([612, 792]);
  const text = (name: string, box: Box, comb?: number) => {
    const field = form.createTextField(name);
    if (comb) {
      field.setMaxLength(comb);
      field.enableCombing();
    }
    field.addToPage(first, box);
  };
  label(first, '1. Business information. Legal name.', 40, 275);
  text('Legal name', fromTop(first, 261, 273, 324, 17));
  label(first, 'Business number', 40, 302);
  text('BusinessNumber_RT1', fromTop(first, 262, 300, 133, 17), 9);
  text('BusinessNumber_RT', fromTop(first, 397, 300, 28, 17), 2);
  text('BusinessNumber_RT2', fromTop(first, 427, 300, 58, 17), 4);
  label(first, 'Address', 40, 356);
  text('BusinessAddress', fromTop(first, 261, 354, 324, 17));
  label(first, 'City', 40, 383);
  text('City', fromTop(first, 261, 381, 324, 17));
  label(first, 'Province', 40, 410);
  const province = form.createDropdown('Province');
  province.addToPage(first, fromTop(first, 261, 408, 171, 17));
  province.acroField.setOptions(
    [[' ', ' '], ...PROVINCES].map(([value, display]) => ({
      value: PDFHexString.fromText(value),
      display: PDFHexString.fromText(display),
    })),
  );
  label(first, 'Postal code', 40, 437);
  text('PostalCode', fromTop(first, 261, 435, 81, 17));
  const period = form.createRadioGroup('RadioButtonGroup');
  period.addOptionToPage('1', first, fromTop(first, 261, 492, 12, 12));
  period.addOptionToPage('2', first, fromTop(first, 261, 512, 12, 12));
  label(first, 'From and to (YYYYMMDD)', 40, 584);
  text('FromDate', fromTop(first, 262, 582, 118, 17), 8);
  text('ToDate', fromTop(first, 403, 582, 118, 17), 8);
  for (let n = 2; n <= 13; n++) {
    const page = doc.addPage([792, 612]);
    label(page, `Inventory, page ${n}`, 40, 40);
    for (let row = 0; row < 12; row++) {
      for (const [col, kind] of ['Flowering', 'NonFlowering', 'Seed', 'Plant'].entries()) {
        form
          .createTextField(`P${n}_R${row + 1}_${kind}`)
          .addToPage(page, fromTop(page, 300 + col * 81, 80 + row * 22, 79, 16));
      }
    }
  }
  return doc.save({ useObjectStreams: false });
};

/**
 * A form with a signature field, and one "Full name" field whose two widgets sit on two pages
 * (the same value shown twice, as on a form's continuation sheet). When `signed`, the signature
 * holds a value: a PKCS#7 placeholder over a /ByteRange, as a signing tool leaves it.
 */
export const signatureAndSharedField = async (signed: boolean) => {
  const doc = await newDocument();
  const label = await labelled(doc);
  const form = doc.getForm();
  const pages = [doc.addPage([612, 792]), doc.addPage([612, 792])];
  const name = form.createTextField('Full name');
  pages.forEach((page, i) => {
    label(page, `Full name (page ${i + 1})`, 72, 100);
    name.addToPage(page, fromTop(page, 200, 98, 300, 20));
  });
  label(pages[1]!, 'Signature', 72, 200);
  const signature = doc.context.obj({
    FT: 'Sig',
    T: PDFHexString.fromText('Signature'),
    Type: 'Annot',
    Subtype: 'Widget',
    Rect: [200, 792 - 240, 500, 792 - 198],
    F: 4,
    P: pages[1]!.ref,
    ...(signed
      ? {
          V: doc.context.obj({
            Type: 'Sig',
            Filter: 'Adobe.PPKLite',
            SubFilter: 'adbe.pkcs7.detached',
            ByteRange: [0, 100, 4200, 300],
            Contents: PDFHexString.of('30'.padEnd(4096, '0')),
            M: PDFHexString.fromText('D:20260301120000Z'),
          }),
        }
      : {}),
  });
  const ref = doc.context.register(signature);
  pages[1]!.node.addAnnot(ref);
  form.acroForm.addField(ref);
  return doc.save({ useObjectStreams: false });
};

/**
 * A landscape page whose two text widgets carry no /MK rotation: "Text Box 1" is turned only by
 * its appearance's /Matrix (a quarter turn clockwise), "Text Box 2" is upright.
 */
export const widgetTurnedByAppearance = () =>
  writePdf({
    version: '1.6',
    objects: [
      {
        id: 1,
        body: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R 7 0 R] /DR << /Font << /F1 5 0 R >> >> /DA (/F1 12 Tf 0 g) >> >>',
      },
      { id: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        id: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 792 612] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [6 0 R 7 0 R] >>',
      },
      {
        id: 4,
        dict: '',
        stream: 'BT /F1 14 Tf 72 560 Td (Widgets turned by their appearance) Tj ET',
      },
      { id: 5, body: HELVETICA },
      {
        id: 6,
        body: '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Text Box 1) /Rect [470.774 421.2 484.922 540] /DA (0 0.4 0 rg /F1 12 Tf) /V (Formy field) /AP << /N 8 0 R >> >>',
      },
      {
        id: 7,
        body: '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Text Box 2) /Rect [330.774 225.852 470.374 240] /DA (0 0.4 0 rg /F1 12 Tf) /V (Upright field) /AP << /N 9 0 R >> >>',
      },
      {
        id: 8,
        dict: '/Type /XObject /Subtype /Form /BBox [0 -2.826 118.8 11.322] /Matrix [0 -1 1 0 0 612] /Resources << /Font << /F1 5 0 R >> >>',
        stream: '/Tx BMC q BT 0 0.4 0 rg /F1 12 Tf 2 0 Td (Formy field) Tj ET Q EMC',
      },
      {
        id: 9,
        dict: '/Type /XObject /Subtype /Form /BBox [0 0 139.6 14.148] /Resources << /Font << /F1 5 0 R >> >>',
        stream: '/Tx BMC q BT 0 0.4 0 rg /F1 12 Tf 2 2 Td (Upright field) Tj ET Q EMC',
      },
    ],
  });
