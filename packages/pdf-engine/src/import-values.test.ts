import { describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import { renderPreview } from './render-preview.ts';
import { changedPixels, corpusBytes, isInside, readTexts } from '../test/fixtures.ts';

const { fill } = createFillEngine();

describe('importAcroForm: values the form already holds', () => {
  it('keeps each value as the default, and a read-only one as fixed', async () => {
    const { fields } = await importAcroForm(await corpusBytes('form-prefilled-values.pdf'));
    expect(fields.map((f) => [f.label, f.default, f.fixed])).toEqual([
      ['Approval', 'Approved Form for Filing', true],
      ['Line 12', '950.00', true],
      ['Preparer', 'SELF PREPARED', undefined],
      ['Country', 'USA', undefined],
      ['Name', undefined, undefined],
      ['Resident', true, undefined],
      ['Status', 'Joint', undefined],
      ['State', 'Texas', undefined],
    ]);
  });

  it('prints defaults where the payload says nothing, and fixed values whatever it says', async () => {
    const { fields, pdf } = await importAcroForm(await corpusBytes('form-prefilled-values.pdf'));
    const filled = await fill(pdf, fields, {
      Approval: 'Overwritten',
      Preparer: 'Jane Roe',
      Name: 'Ada',
    });
    const texts = await readTexts(filled.pdf, 1);
    const printedIn = (label: string) => {
      const field = fields.find((f) => f.label === label)!;
      return texts
        .filter((t) => isInside(t, field))
        .map((t) => t.str)
        .join(' ');
    };
    expect(['Approval', 'Line 12', 'Preparer', 'Country', 'Name', 'State'].map(printedIn)).toEqual([
      'Approved Form for Filing',
      '950.00',
      'Jane Roe',
      'USA',
      'Ada',
      'Texas',
    ]);
  });

  it('ticks a checkbox the form held ticked unless the payload says false', async () => {
    const { fields, pdf } = await importAcroForm(await corpusBytes('form-prefilled-values.pdf'));
    const resident = fields.filter((f) => f.label === 'Resident');
    const blank = await renderPreview(pdf, 1, 612);
    const ticked = await fill(pdf, resident, {});
    const unticked = await fill(pdf, resident, { Resident: false });
    const box = resident[0]!;
    expect(
      (await changedPixels(blank, await renderPreview(ticked.pdf, 1, 612), box)).inside,
    ).toBeGreaterThan(10);
    expect(
      (await changedPixels(blank, await renderPreview(unticked.pdf, 1, 612), box)).inside,
    ).toBe(0);
  });
});
