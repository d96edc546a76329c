import { degrees, PDFDocument, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.ts';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import {
  corpusBytes,
  hasSharedCorpus,
  isInside,
  readTexts,
  sharedCorpusBytes,
} from '../test/fixtures.ts';

const { fill } = createFillEngine();

/** One text field per widget turn, on a page shown turned by `pageRotation`. */
const turnedForm = async (pageRotation: number) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.node.set(PDFName.of('Rotate'), PDFNumber.of(pageRotation));
  const form = doc.getForm();
  for (const [i, turn] of [0, 90, 180, 270].entries()) {
    form.createTextField(`turn${turn}`).addToPage(page, {
      x: 50 + i * 100,
      y: 300,
      width: 40,
      height: 200,
      rotate: degrees(turn),
    });
  }
  return doc.save();
};

describe('importAcroForm: rotation', () => {
  it.each([
    [0, { turn0: undefined, turn90: 90, turn180: 180, turn270: 270 }],
    // A form on a page shown turned usually turns its widgets the same way: they read upright.
    [90, { turn0: 270, turn90: undefined, turn180: 90, turn270: 180 }],
  ])('turns text by the widget’s /R less the page’s /Rotate %i', async (rotation, expected) => {
    const { fields } = await importAcroForm(await turnedForm(rotation));
    expect(Object.fromEntries(fields.map((f) => [f.label, f.rotation]))).toEqual(expected);
  });
});

describe('importAcroForm', () => {
  it('imports every field family: radio groups and lists as choices, nothing dropped', async () => {
    const original = await corpusBytes('form-every-field-family.pdf');
    const before = await analyse(original);
    const { fields, pdf, notImported } = await importAcroForm(original);
    const byLabel = Object.fromEntries(fields.map((f) => [f.label, f]));
    expect(fields.map((f) => f.label)).toEqual([
      'text',
      'r1',
      'checkbox1',
      'checkbox2',
      'checkbox3',
      'r2',
      'text2',
      'list1',
      'drop1',
      'combolist1',
      'combodrop1',
    ]);
    expect(notImported).toEqual([]);
    const r1 = byLabel.r1!;
    expect(r1.type).toBe('choice');
    expect(r1.options?.map((o) => o.value)).toEqual(['1', '2', '3']);
    const radioWidgets = before.widgets.filter((w) => w.name === 'r1');
    expect(r1.options?.map((o) => o.box?.rectX)).toEqual(radioWidgets.map((w) => w.rectX));
    expect(byLabel.drop1).toMatchObject({
      type: 'choice',
      options: [
        { value: 'nine', label: 'nine' },
        { value: 'ten', label: 'ten' },
        { value: 'elephant', label: 'elephant' },
        { value: 'twelve', label: 'twelve' },
      ],
    });
    expect(byLabel.list1!.options?.every((o) => o.box === undefined)).toBe(true);
    const widget = before.widgets.find((w) => w.name === 'text')!;
    expect(byLabel.text).toMatchObject({ page: 1, rectX: widget.rectX, rectY: widget.rectY });
    expect((await analyse(pdf)).widgets).toEqual([]); // every widget became a field
  });

  it('gives the W-9 short readable labels, one choice for its classification boxes', async () => {
    const { fields } = await importAcroForm(await corpusBytes('irs-fw9.pdf'));
    const labels = fields.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) {
      expect(label.length).toBeLessThanOrEqual(60);
      expect(label).not.toMatch(/[[\]]|topmostSubform|Page1/);
    }
    const classification = fields.filter((f) => f.label.startsWith('FederalClassification c1_1'));
    expect(classification).toHaveLength(1);
    expect(classification[0]).toMatchObject({ type: 'choice' });
    expect(classification[0]!.options).toHaveLength(7);
    expect(classification[0]!.options!.every((o) => o.box !== undefined)).toBe(true);
    // Named by the words printed above it; the comb's other two parts keep their names.
    expect(fields.find((f) => f.label === 'Social security number')).toMatchObject({
      maxLength: 3,
      comb: true,
    });
    expect(labels).toContain('1 Name (as shown on your income tax return)');
  });

  it('reports push buttons instead of dropping them silently', async () => {
    const { notImported } = await importAcroForm(
      await corpusBytes('form-unicode-names-push-buttons.pdf'),
    );
    expect(notImported).toHaveLength(4);
    expect(notImported[0]).toEqual({
      name: 'Eject 📼',
      fieldName: 'Eject 📼',
      page: 1,
      reason: 'a push button has no value to fill',
    });
  });

  it('lists buttons that share a tooltip one by one, each with its own name and page', async () => {
    const doc = await PDFDocument.create();
    const pages = [doc.addPage([300, 300]), doc.addPage([300, 300])];
    const form = doc.getForm();
    ['Clear1', 'Clear2', 'Clear3'].forEach((name, i) => {
      const button = form.createButton(name);
      button.addToPage('Clear', pages[i === 0 ? 0 : 1]!, {
        x: 20 + i * 80,
        y: 20,
        width: 60,
        height: 20,
      });
      button.acroField.dict.set(PDFName.of('TU'), PDFString.of('Clear the form'));
    });
    const { notImported } = await importAcroForm(await doc.save());
    expect(notImported.map(({ fieldName, page }) => [fieldName, page])).toEqual([
      ['Clear1', 1],
      ['Clear2', 2],
      ['Clear3', 2],
    ]);
  });

  it('keeps a rotated widget turned: its text runs along the box at full size', async () => {
    const { fields, pdf } = await importAcroForm(
      await corpusBytes('form-widget-turned-by-appearance.pdf'),
    );
    const tall = fields.find((f) => f.label === 'Text Box 1')!;
    expect(tall.rotation).toBe(270); // its appearance reads top to bottom
    expect(tall.rectHeight).toBeGreaterThan(tall.rectWidth * 5);
    const filled = await fill(pdf, [tall], { 'Text Box 1': 'Rotated text' });
    const [text] = (await readTexts(filled.pdf, 1)).filter((t) => t.str === 'Rotated text');
    const [start, end] = text!.corners;
    expect(end!.y - start!.y).toBeGreaterThan(40); // runs down the page
    expect(Math.abs(end!.x - start!.x)).toBeLessThan(1);
    expect(isInside(text!, tall)).toBe(true);
    expect(filled.fitReport['Text Box 1']?.fontSize).toBeGreaterThanOrEqual(tall.rectWidth * 0.5);
  });

  it('keeps max length and comb, and fills the imported fields in place', async () => {
    const { fields, pdf } = await importAcroForm(await corpusBytes('form-combed-fields-13p.pdf'));
    const combs = fields.filter((f) => f.comb);
    expect(combs.length).toBeGreaterThan(0);
    expect(combs.every((f) => (f.maxLength ?? 0) > 0)).toBe(true);
    const firstPage = fields
      .filter((f) => f.page === 1 && f.type === 'text' && !f.comb)
      .slice(0, 3);
    const values = Object.fromEntries(firstPage.map((f, i) => [f.label, `Value ${i}`]));
    const filled = await fill(pdf, firstPage, values);
    const texts = (await readTexts(filled.pdf, 1)).filter((t) => t.str.startsWith('Value'));
    expect(texts).toHaveLength(3);
    for (const [i, f] of firstPage.entries()) {
      expect(
        isInside(
          texts.find((t) => t.str === `Value ${i}`)!,
          f,
        ),
      ).toBe(true);
    }
    expect((await analyse(filled.pdf)).widgets.filter((w) => w.kind === 'text')).toHaveLength(0);
  });

  it('imports a field shown on two pages as one field, and reports the signature field', async () => {
    const { fields, notImported } = await importAcroForm(
      await corpusBytes('form-signature-and-shared-field.pdf'),
    );
    expect(fields.map((f) => [f.label, f.boxes?.map((b) => b.page)])).toEqual([
      ['Full name', [1, 2]],
    ]);
    expect(notImported).toEqual([
      {
        name: 'Signature',
        fieldName: 'Signature',
        page: 2,
        reason: 'a signature field is signed, not filled',
      },
    ]);
  });

  it.each([
    'irs-f1040-2010-prefilled.pdf',
    'form-unicode-names-push-buttons.pdf',
    'form-signed.pdf',
  ] as const)('imports %s without error', async (name) => {
    const { fields, pdf } = await importAcroForm(await corpusBytes(name));
    expect(fields.length).toBeGreaterThan(0);
    expect(new Set(fields.map((f) => f.label)).size).toBe(fields.length);
    expect((await analyse(pdf)).pageCount).toBeGreaterThan(0);
  });
});

// Forms as Acrobat, InDesign and a phone's reader wrote them: quirks no generator of ours has.
describe.skipIf(!hasSharedCorpus)('importAcroForm on third-party forms (../shared/corpus)', () => {
  it.each([
    'acroform_fancy_fields_acrobat.pdf',
    'acroform_sample_form_indesign_js.pdf',
    'acroform_filled_by_acrobat_3p.pdf',
  ])('imports %s without error', async (name) => {
    const { fields, pdf } = await importAcroForm(sharedCorpusBytes('pdfs', name));
    expect(fields.length).toBeGreaterThan(0);
    expect(new Set(fields.map((f) => f.label)).size).toBe(fields.length);
    expect((await analyse(pdf)).pageCount).toBeGreaterThan(0);
  });
});
