/**
 * Forms as official forms write them. Fields with several widgets: an insurance number in
 * the header of every page (one text field, one widget per page, each with its own font size),
 * a confirmation tick repeated on two pages, and a gender question that is one checkbox field
 * with a widget per answer, each ticking its own on-state (`männlich`, `weiblich`, …). And a form
 * that already holds values, some of them read-only.
 */
import {
  PDFDict,
  PDFHexString,
  PDFName,
  StandardFonts,
  type PDFCheckBox,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { newDocument } from './page-geometry-pdfs.ts';

/** Gives a checkbox's widget the on-state `onState` instead of pdf-lib's `Yes`. */
const renameOnState = (box: PDFCheckBox, widgetIndex: number, onState: string) => {
  const widget = box.acroField.getWidgets()[widgetIndex]!;
  const appearances = widget.dict.lookup(PDFName.of('AP'), PDFDict);
  for (const key of ['N', 'D']) {
    const states = appearances.lookupMaybe(PDFName.of(key), PDFDict);
    const on = states?.get(PDFName.of('Yes'));
    if (!states || !on) continue;
    states.delete(PDFName.of('Yes'));
    states.set(PDFName.of(onState), on);
  }
  widget.setAppearanceState(PDFName.of('Off'));
};

/** The on-states of the gender question, in page order, and the words printed beside each. */
const GENDER_ANSWERS = [
  ['männlich', 'männlich'],
  ['weiblich', 'weiblich'],
  ['ohne_Eintrag', 'ohne Eintrag'],
  ['divers', 'divers'],
] as const;

/**
 * Three A4 pages. "Versicherungsnummer" (comb, 12 cells) sits in every page's header: 12 pt on
 * page 1, 9 pt and narrower on page 2, 12 pt on page 3. "Angaben bestätigt" is one checkbox
 * ticked on pages 1 and 3. "Geschlecht" is one checkbox field of four widgets on page 1.
 */
export const headerFieldOnEveryPage = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const pages: PDFPage[] = [0, 1, 2].map(() => doc.addPage([595, 842]));
  const number = form.createTextField('Versicherungsnummer');
  number.setMaxLength(12);
  number.enableCombing();
  const confirmed = form.createCheckBox('Angaben bestätigt');
  pages.forEach((page, i) => {
    page.drawText(`Seite ${i + 1}`, { x: 40, y: 800, size: 10, font });
    page.drawText('Versicherungsnummer', { x: 260, y: 820, size: 8, font });
    const isSmall = i === 1;
    const box = { x: 260, y: 790, width: isSmall ? 180 : 240, height: isSmall ? 16 : 22 };
    number.addToPage(page, box);
    number.acroField.getWidgets()[i]!.setDefaultAppearance(`/Helv ${isSmall ? 9 : 12} Tf 0 g`);
    if (i !== 1) {
      page.drawText('Angaben bestätigt', { x: 64, y: 100, size: 10, font });
      confirmed.addToPage(page, { x: 40, y: 96, width: 16, height: 16 });
    }
  });
  const gender = form.createCheckBox('Geschlecht');
  GENDER_ANSWERS.forEach(([onState, words], i) => {
    const y = 600 - i * 30;
    pages[0]!.drawText(words, { x: 84, y: y + 3, size: 10, font });
    gender.addToPage(pages[0]!, { x: 60, y, width: 16, height: 16 });
    renameOnState(gender, i, onState);
  });
  return doc.save({ useObjectStreams: false });
};

/**
 * A letter page whose form already holds values, as a state return ships them: two read-only
 * texts with pre-printed values ("Approved Form for Filing", "950.00"), a text filled in
 * ("SELF PREPARED"), one holding only a default value (/DV "USA"), a ticked checkbox, a chosen
 * radio button and a chosen drop-down entry; and an empty text beside them.
 */
export const prefilledValues = async () => {
  const doc = await newDocument();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const text = (name: string, top: number, value?: string) => {
    const field = form.createTextField(name);
    field.addToPage(page, { x: 72, y: 792 - top - 20, width: 240, height: 20 });
    if (value !== undefined) field.setText(value);
    return field;
  };
  text('Approval', 60, 'Approved Form for Filing').enableReadOnly();
  text('Line 12', 100, '950.00').enableReadOnly();
  text('Preparer', 140, 'SELF PREPARED');
  text('Country', 180).acroField.dict.set(PDFName.of('DV'), PDFHexString.fromText('USA'));
  text('Name', 220);
  const resident = form.createCheckBox('Resident');
  resident.addToPage(page, { x: 72, y: 792 - 280, width: 14, height: 14 });
  resident.check();
  const status = form.createRadioGroup('Status');
  ['Single', 'Joint'].forEach((option, i) =>
    status.addOptionToPage(option, page, { x: 72 + i * 60, y: 792 - 320, width: 14, height: 14 }),
  );
  status.select('Joint');
  const state = form.createDropdown('State');
  state.setOptions(['Virginia', 'Texas']);
  state.addToPage(page, { x: 72, y: 792 - 370, width: 120, height: 20 });
  state.select('Texas');
  return doc.save({ useObjectStreams: false });
};
