import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import { renderPreview } from './render-preview.ts';
import {
  changedPixels,
  corpusBytes,
  hasSharedCorpus,
  isInside,
  readTexts,
  sharedCorpusBytes,
} from '../test/fixtures.ts';
import type { DisplayRect, FieldSpec } from './types.ts';
import { hasQpdf } from '../../../test-fixtures/command-line-tools.ts';

const { fill } = createFillEngine();

/** The form's fields as `qpdf --json` counts them: one per full name, however many widgets. */
const qpdfFieldCount = (pdf: Uint8Array) => {
  const path = join(mkdtempSync(join(tmpdir(), 'platen-import-')), 'form.pdf');
  writeFileSync(path, pdf);
  const r = spawnSync('qpdf', ['--json', '--json-key=acroform', path], { encoding: 'utf8' });
  const { acroform } = JSON.parse(r.stdout) as { acroform: { fields: { fullname: string }[] } };
  return new Set(acroform.fields.map((f) => f.fullname)).size;
};

/** Every character a comb printed on a page, in reading order, when all lie inside `box`. */
const combTextIn = async (pdf: Uint8Array, box: DisplayRect & { page: number }) => {
  const texts = await readTexts(pdf, box.page);
  const inside = texts.filter((t) => isInside(t, box));
  return { text: inside.map((t) => t.str).join(''), sizes: inside.map((t) => t.size) };
};

const onlyField = (fields: FieldSpec[], label: string) => {
  const found = fields.filter((f) => f.label.startsWith(label));
  expect(found.map((f) => f.label)).toEqual([label]);
  return found[0]!;
};

describe('importAcroForm: one field with several widgets', () => {
  it('makes a header field of every page one field that prints in each box', async () => {
    const { fields, pdf } = await importAcroForm(
      await corpusBytes('form-header-field-every-page.pdf'),
    );
    const number = onlyField(fields, 'Versicherungsnummer');
    expect(number).toMatchObject({ type: 'text', maxLength: 12, comb: true, fontSize: 12 });
    expect(number.boxes?.map((b) => [b.page, b.fontSize])).toEqual([
      [1, undefined],
      [2, 9],
      [3, undefined],
    ]);
    const filled = await fill(pdf, [number], { Versicherungsnummer: '12345678A123' });
    for (const box of number.boxes!) {
      const { text, sizes } = await combTextIn(filled.pdf, box);
      expect(text).toBe('12345678A123');
      expect(Math.max(...sizes)).toBeLessThanOrEqual(box.fontSize ?? 12);
    }
    expect(filled.fitReport.Versicherungsnummer?.result).toBe('fitted');
  });

  it('ticks a checkbox repeated on two pages in both of its boxes', async () => {
    const { fields, pdf } = await importAcroForm(
      await corpusBytes('form-header-field-every-page.pdf'),
    );
    const confirmed = onlyField(fields, 'Angaben bestätigt');
    expect(confirmed.type).toBe('checkbox');
    expect(confirmed.boxes?.map((b) => b.page)).toEqual([1, 3]);
    const filled = await fill(pdf, [confirmed], { 'Angaben bestätigt': true });
    for (const box of confirmed.boxes!) {
      const before = await renderPreview(pdf, box.page, 595);
      const after = await renderPreview(filled.pdf, box.page, 595);
      const changed = await changedPixels(before, after, box);
      expect(changed.inside).toBeGreaterThan(10);
      expect(changed.outside).toBe(0);
    }
  });

  it('makes a checkbox field whose widgets tick different on-states one choice', async () => {
    const { fields, pdf } = await importAcroForm(
      await corpusBytes('form-header-field-every-page.pdf'),
    );
    const gender = onlyField(fields, 'Geschlecht');
    expect(gender.type).toBe('choice');
    expect(gender.options?.map((o) => [o.value, o.label])).toEqual([
      ['männlich', 'männlich'],
      ['weiblich', 'weiblich'],
      ['ohne_Eintrag', 'ohne Eintrag'],
      ['divers', 'divers'],
    ]);
    const filled = await fill(pdf, [gender], { Geschlecht: 'ohne_Eintrag' });
    const [before, after] = await Promise.all([
      renderPreview(pdf, 1, 595),
      renderPreview(filled.pdf, 1, 595),
    ]);
    const marked = gender.options!.map((o) => changedPixels(before, after, o.box!));
    const inside = (await Promise.all(marked)).map((c) => c.inside > 0);
    expect(inside).toEqual([false, false, true, false]);
  });

  it('imports the 1040’s filing status (one field, five widgets) as one labelled choice', async () => {
    const { fields } = await importAcroForm(await corpusBytes('irs-f1040-2010-prefilled.pdf'));
    const status = onlyField(fields, 'c1_04');
    expect(status.type).toBe('choice');
    expect(status.options?.map((o) => o.value)).toEqual(['S', 'MJ', 'MS', 'HoH', 'QW']);
    // The on-states are codes: each option is labelled by the words printed beside its box.
    expect(status.options?.map((o) => o.label)).toEqual([
      'Single',
      'Married filing jointly (even if only one had income)',
      'Married filing separately. Enter spouse’s SSN above',
      'Head of household (with qualifying person). (See instructio…',
      'Qualifying widow(er) with dependent child',
    ]);
  });

  it('labels the W-9’s coded tax classes by the words beside their boxes', async () => {
    const { fields } = await importAcroForm(await corpusBytes('irs-fw9.pdf'));
    const classes = onlyField(fields, 'FederalClassification c1_1');
    expect(classes.options?.map((o) => [o.value, o.label]).slice(0, 3)).toEqual([
      ['1', 'Individual/sole proprietor or'],
      ['2', 'C Corporation'],
      ['3', 'S Corporation'],
    ]);
  });
});

describe('importAcroForm: what it leaves alone', () => {
  it('lists a push button once by its own name, on the page of its first widget', async () => {
    const doc = await PDFDocument.create();
    const pages = [doc.addPage([300, 300]), doc.addPage([300, 300])];
    const form = doc.getForm();
    const print = form.createButton('form1[0].Print[0]');
    for (const page of pages)
      print.addToPage('Print', page, { x: 20, y: 20, width: 60, height: 20 });
    for (const [i, name] of ['Clear1', 'Clear2'].entries()) {
      const clear = form.createButton(name);
      clear.addToPage('Clear', pages[i]!, { x: 120, y: 20, width: 60, height: 20 });
      clear.acroField.dict.set(PDFName.of('TU'), PDFString.of('Clear'));
    }
    const { fields, notImported } = await importAcroForm(await doc.save());
    expect(fields).toEqual([]);
    expect(notImported.map((n) => [n.name, n.fieldName, n.page])).toEqual([
      ['Print', 'form1[0].Print[0]', 1],
      ['Clear', 'Clear1', 1],
      ['Clear', 'Clear2', 2],
    ]);
  });

  it.skipIf(!hasSharedCorpus)('lists each button of a real form by its own name', async () => {
    const { notImported } = await importAcroForm(
      sharedCorpusBytes('pdfs', 'acroform_160F-2019_with_js.pdf'),
    );
    expect(notImported.map((n) => [n.fieldName, n.page])).toEqual([
      ['B.Reset', 1],
      ['link', 1],
    ]);
  });
});

describe.skipIf(!hasQpdf)('importAcroForm: never more fields than the form has', () => {
  it.each(['form-header-field-every-page.pdf', 'irs-f1040-2010-prefilled.pdf'] as const)(
    '%s',
    async (name) => {
      const original = await corpusBytes(name);
      const { fields, notImported } = await importAcroForm(original);
      expect(fields.length + notImported.length).toBe(qpdfFieldCount(original));
    },
  );

  it
    .skipIf(!hasSharedCorpus)
    .each([
      'acroform_160F-2019_with_js.pdf',
      'acroform_fancy_fields_acrobat.pdf',
      'acroform_all_field_types.pdf',
      'js_buttons.pdf',
    ])('%s (../shared/corpus)', async (name) => {
    const original = sharedCorpusBytes('pdfs', name);
    const { fields, notImported } = await importAcroForm(original);
    expect(fields.length + notImported.length).toBeLessThanOrEqual(qpdfFieldCount(original));
    expect(new Set(notImported.map((n) => n.fieldName)).size).toBe(notImported.length);
  });
});
