import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from '../../fill-engine.ts';
import { renderPreview } from '../../render-preview.ts';
import { changedPixels, field, isInside, makeTemplate, readTexts } from '../../../test/fixtures.ts';
import type { FieldSpec } from '../../types.ts';

const { fill } = createFillEngine();

let template: Uint8Array;
let blank: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
  blank = await renderPreview(template, 1, 595);
});

const box = (rectX: number) => ({ page: 1, rectX, rectY: 300, rectWidth: 16, rectHeight: 16 });

const radioStyle: FieldSpec = field('Classification', {
  type: 'choice',
  ...box(100),
  options: [
    { value: 'individual', label: 'Individual', box: box(100) },
    { value: 'llc', label: 'LLC', box: box(200) },
  ],
});

const listStyle: FieldSpec = field('Colour', {
  type: 'choice',
  rectY: 400,
  options: [
    { value: 'r', label: 'Red' },
    { value: 'g', label: 'Green' },
  ],
});

describe('fill: choice fields', () => {
  it("marks the chosen option's own box and no other", async () => {
    const { pdf, fitReport } = await fill(template, [radioStyle], { Classification: 'llc' });
    expect(fitReport.Classification?.result).toBe('fitted');
    const after = await renderPreview(pdf, 1, 595);
    const inChosen = await changedPixels(blank, after, box(200));
    expect(inChosen.inside).toBeGreaterThan(20);
    expect(inChosen.outside).toBe(0);
  });

  it("prints the chosen option's label in the field's box, list style", async () => {
    const { pdf } = await fill(template, [listStyle], { Colour: 'g' });
    const texts = (await readTexts(pdf, 1)).filter((t) => t.str === 'Green');
    expect(texts).toHaveLength(1);
    expect(isInside(texts[0]!, listStyle)).toBe(true);
  });

  it('refuses a value that is not among the options, naming the allowed ones', async () => {
    await expect(fill(template, [listStyle], { Colour: 'Green' })).rejects.toMatchObject({
      code: 'INVALID_VALUE',
      message: 'The value of "Colour" must be "r" or "g".',
      fields: ['Colour'],
    });
    await expect(fill(template, [listStyle], { Colour: true })).rejects.toMatchObject({
      code: 'INVALID_VALUE',
    });
  });

  it('leaves every box empty without a value', async () => {
    const { pdf, fitReport } = await fill(template, [radioStyle, listStyle], { Colour: null });
    expect(fitReport).toEqual({});
    const after = await renderPreview(pdf, 1, 595);
    expect((await changedPixels(blank, after, box(100))).outside).toBe(0);
  });
});
