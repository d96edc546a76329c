import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { importAcroForm } from './import-acroform.ts';
import {
  fieldLabel,
  MAX_SHORT_LABEL,
  readableName,
  tooltipLabels,
  uniqueLabels,
} from './import-labels.ts';

/** One text field per entry, each with the tooltip given (none for undefined). */
const formWithTooltips = async (fields: [name: string, tooltip?: string][]) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  fields.forEach(([name, tooltip], i) => {
    const field = form.createTextField(name);
    field.addToPage(page, { x: 50, y: 700 - i * 40, width: 200, height: 20 });
    if (tooltip) field.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(tooltip));
  });
  return doc.save();
};

describe('fieldLabel from a tooltip', () => {
  it('takes a short tooltip as it is, on one line, without a closing stop', () => {
    expect(fieldLabel('topmostSubform[0].Page1[0].f1_1[0]', ' Name of  entity. ')).toEqual({
      label: 'Name of entity',
      source: 'tooltip',
    });
  });

  it('keeps a tooltip of up to 60 characters whole (40 was the old limit)', () => {
    const tip = "Spouse's social security number (as on the card)";
    expect(tip.length).toBeGreaterThan(40);
    expect(fieldLabel('form1[0].SPSSN[0]', tip)).toEqual({ label: tip, source: 'tooltip' });
  });

  it('takes the first clause of a long tooltip and keeps the whole as the description', () => {
    const tip =
      "Spouse's SSN. Enter your spouse's social security number exactly as it is shown on the card.";
    expect(fieldLabel('form1[0].SPSSN[0]', tip)).toEqual({
      label: "Spouse's SSN",
      source: 'tooltip',
      description: tip,
    });
    const instruction =
      'Enter the name as shown on your income tax return; this line must not be left blank.';
    expect(readableName('form1[0].Page1[0].OwnerName[0]', instruction)).toBe(
      'Enter the name as shown on your income tax return',
    );
  });

  it('keeps a number in front of the clause it numbers', () => {
    expect(
      readableName(
        'f[0]',
        'Line 7. Wages, salaries, tips, etc. Attach Form(s) W-2 and all the other forms.',
      ),
    ).toBe('Line 7. Wages, salaries, tips, etc');
    expect(
      readableName(
        'form1[0].City[0]',
        '1. Business information. Physical address. City. Enter the city of your place of business.',
      ),
    ).toBe('1. Business information');
  });

  it('does not end a clause at an abbreviation', () => {
    expect(
      readableName(
        'f[0]',
        'Are you a U.S. citizen or resident alien? Check the box that applies to you for the year.',
      ),
    ).toBe('Are you a U.S. citizen or resident alien');
    expect(
      readableName(
        'f[0]',
        'No. of dependents listed on the lines below: children who lived with you, and others.',
      ),
    ).toBe('No. of dependents listed on the lines below');
  });

  it('cuts a first clause longer than 60 characters at a word, with an ellipsis', () => {
    const tip =
      'Total of all amounts from the worksheet in the instructions for this line including adjustments';
    const { label, description } = fieldLabel('f[0]', tip);
    expect(label.length).toBeLessThanOrEqual(MAX_SHORT_LABEL);
    expect(label).toBe('Total of all amounts from the worksheet in the instructions…');
    expect(description).toBe(tip);
  });

  it('reads a tooltip of several lines as clauses', () => {
    expect(fieldLabel('f[0]', 'Date of birth\n(day, month and year, as on your passport)')).toEqual(
      {
        label: 'Date of birth',
        source: 'tooltip',
        description: 'Date of birth (day, month and year, as on your passport)',
      },
    );
  });
});

describe('tooltipLabels', () => {
  it('tells apart tooltips that begin with the same section title by what follows it', () => {
    const section = '2. Cannabis product inventory. Unpackaged. ';
    expect(
      tooltipLabels([
        `${section}Line A. Opening inventory. Flowering material. Kilograms. Row 1.`,
        `${section}Line A. Opening inventory. Viable seed. Units. Row 1.`,
        `${section}Line B. Total additions. Viable seed. Units. Row 5.`,
        undefined,
        'Your first name',
      ]),
    ).toEqual([
      'Line A. Opening inventory, Flowering material, Kilograms…',
      'Line A. Opening inventory, Viable seed, Units, Row 1',
      'Line B. Total additions, Viable seed, Units, Row 5',
      undefined,
      'Your first name',
    ]);
  });

  it('tells apart again what still collides after the shared start, and leaves true repeats', () => {
    const tip = (column: string) =>
      `5. Calculation of duty. Table of amounts for the period. Column ${column} of the table. Dollars and cents for each line below.`;
    expect(tooltipLabels([tip('A'), tip('B'), tip('B')])).toEqual([
      'Column A of the table, Dollars and cents for each line below',
      'Column B of the table, Dollars and cents for each line below',
      'Column B of the table, Dollars and cents for each line below',
    ]);
  });
});

describe('fieldLabel from the name', () => {
  it('is used when the tooltip is missing or has no words', () => {
    expect(fieldLabel('form1[0].Page1[0].BusinessNumber_RT[0]', '  ')).toEqual({
      label: 'BusinessNumber_RT',
      source: 'name',
    });
  });

  it("strips hierarchy and indices, putting a meaningful parent's name before a code", () => {
    expect(readableName('topmostSubform[0].Page1[0].SSN[0].f1_11[0]')).toBe('SSN f1_11');
    expect(readableName('topmostSubform[0].Page1[0].f1_1[0]')).toBe('f1_1');
    expect(readableName('Text Box 1')).toBe('Text Box 1');
  });
});

describe('importAcroForm labels', () => {
  it('labels fields by tooltip, keeps a long one as the description, and keeps labels unique', async () => {
    const long =
      "Spouse's SSN. Enter your spouse's social security number exactly as shown on the card.";
    const { fields } = await importAcroForm(
      await formWithTooltips([
        ['topmostSubform[0].Page1[0].SPSSN[0]', long],
        ['topmostSubform[0].Page1[0].SPSSN2[0]', long],
        ['topmostSubform[0].Page1[0].f1_1[0]', 'Your first name'],
        ['topmostSubform[0].Page1[0].Address[0].f1_2[0]'],
      ]),
    );
    expect(fields.map((f) => [f.label, f.description])).toEqual([
      ["Spouse's SSN", long],
      ["Spouse's SSN 2", long],
      ['Your first name', undefined],
      ['Address f1_2', undefined],
    ]);
  });
});

/** A LiveCycle-like form without tooltips: codes for names, captions printed on the page. */
const formWithCaptions = async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const text = (s: string, x: number, y: number) => page.drawText(s, { x, y, size: 8, font });
  // A caption above the box.
  text('1 Name (as shown on your income tax return). Name is required on this line.', 40, 742);
  form.createTextField('topmostSubform[0].Page1[0].f1_1[0]').addToPage(page, {
    x: 40,
    y: 722,
    width: 400,
    height: 16,
  });
  // A caption left of the box, with a dot leader, and the line's number in a box of its own.
  text('Wages, salaries, tips, etc. Attach Form(s) W-2 . . . . . . .', 40, 655);
  text('7', 318, 655);
  form.createTextField('topmostSubform[0].Page1[0].p1-t57[0]').addToPage(page, {
    x: 330,
    y: 650,
    width: 90,
    height: 16,
  });
  // A name with words keeps its name, whatever is printed beside it.
  text('Printed words', 40, 605);
  form.createTextField('topmostSubform[0].Page1[0].OwnerName[0]').addToPage(page, {
    x: 140,
    y: 600,
    width: 200,
    height: 16,
  });
  // Nothing near: the name's label.
  form.createTextField('topmostSubform[0].Page1[0].f1_9[0]').addToPage(page, {
    x: 40,
    y: 400,
    width: 200,
    height: 16,
  });
  return doc.save();
};

describe('importAcroForm labels from the words printed beside a box', () => {
  it('takes the line above or to the left, past a line number and a dot leader', async () => {
    const { fields, labelSources } = await importAcroForm(await formWithCaptions());
    expect(labelSources.map((l) => l.source)).toEqual(['pageWords', 'pageWords', 'name', 'name']);
    expect(labelSources.map((l) => l.label)).toEqual(fields.map((f) => f.label));
    expect(fields.map((f) => [f.label, f.description])).toEqual([
      [
        '1 Name (as shown on your income tax return)',
        '1 Name (as shown on your income tax return). Name is required on this line',
      ],
      ['Wages, salaries, tips, etc. Attach Form(s) W-2', undefined],
      ['OwnerName', undefined],
      ['f1_9', undefined],
    ]);
  });
});

const govForm = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '../../../test-fixtures/gov-forms', name)));

describe('importAcroForm labels from a grid and rows of cells', () => {
  it("names the 941's Schedule B days under their month, the cents and the EIN's digits", async () => {
    const { labelSources } = await importAcroForm(govForm('irs-f941sb.pdf'));
    const sourceOf = new Map(labelSources.map((l) => [l.label, l.source]));
    for (const label of [
      'Month 1: 1',
      'Month 1: 1, cents',
      'Month 1: 9',
      'Month 2: 17, cents',
      'Month 3: 31',
      'Month 3: 31, cents',
      'Employer identification number 9',
      'Calendar year 4',
    ]) {
      expect(sourceOf.get(label), label).toBe('pageWords');
    }
    const byName = labelSources.filter((l) => l.source === 'name').map((l) => l.label);
    expect(byName.length).toBeLessThan(5);
  });

  it("gives a return's cents boxes their amount's label, keeping line numbers out of grids", async () => {
    const { labelSources } = await importAcroForm(govForm('irs-f1040-2010-prefilled.pdf'));
    const labels = labelSources.map((l) => l.label);
    expect(labels).toContain('Alimony received');
    expect(labels).toContain('Alimony received, cents');
    expect(labels.filter((label) => /^\S+: \d+/.test(label))).toEqual([]);
  });
});

describe('importAcroForm labels on a form whose names are codes (Oregon OR-40, 2021)', () => {
  it('names a field printed in every page header by the words above its first box', async () => {
    const { fields, labelSources } = await importAcroForm(govForm('or-40-2021.pdf'));
    const repeated = fields.filter((f) => (f.boxes?.length ?? 0) > 1);
    expect(repeated.map((f) => [f.label, f.boxes?.length])).toEqual([
      ['Last name', 8],
      ['Social Security number (SSN)', 8],
    ]);
    expect(labelSources.filter((l) => l.source === 'name').length).toBeLessThan(20);
  });

  it("names a checkbox by the words right of it, without the next box's number", async () => {
    const { fields } = await importAcroForm(govForm('or-40-2021.pdf'));
    const checkboxes = fields.filter((f) => f.type === 'checkbox').map((f) => f.label);
    expect(checkboxes).toEqual(
      expect.arrayContaining(['Amended return', 'Extension filed', 'Deceased', '65 or older']),
    );
    expect(checkboxes.filter((label) => label.startsWith('or-40-'))).toEqual([]);
  });

  it('cuts a caption where its dot leader begins, before the line number printed again', async () => {
    const { fields } = await importAcroForm(govForm('or-40-2021.pdf'));
    const line6b = fields.find((f) => f.label.startsWith('6b.'));
    expect([line6b?.label, line6b?.description]).toEqual([
      '6b. Credits for your spouse',
      undefined,
    ]);
  });
});

describe('importAcroForm labels of checkboxes beside a note', () => {
  it('passes over a note in parentheses right of a checkbox for the words before it', async () => {
    const { fields } = await importAcroForm(govForm('sc-1040-2013.pdf'));
    const labels = fields.filter((f) => f.type === 'checkbox').map((f) => f.label);
    expect(labels.filter((label) => label.startsWith('('))).toEqual([]);
    expect(labels).toContain('Check this box if you are filing SC Schedule NR (Part…');
  });
});

describe('uniqueLabels', () => {
  it('numbers repeats', () => {
    const label = uniqueLabels();
    expect([label('Name'), label('Name'), label('Name'), label('Other')]).toEqual([
      'Name',
      'Name 2',
      'Name 3',
      'Other',
    ]);
  });
});
