import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.ts';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import { corpusPdf, hasCorpus, isInside, readTexts } from '../test/fixtures.ts';

const { fill } = createFillEngine();

describe.skipIf(!hasCorpus)('importAcroForm', () => {
  it('imports text, checkbox and radio fields and removes their widgets', async () => {
    const original = corpusPdf('acroform_all_field_types.pdf');
    const before = await analyse(original);
    const { fields, pdf, skipped } = await importAcroForm(original);
    expect(fields.filter((f) => f.type === 'text')).toHaveLength(2);
    expect(fields.filter((f) => f.type === 'checkbox')).toHaveLength(3);
    expect(fields.filter((f) => f.type === 'radio')).toHaveLength(6);
    expect(new Set(fields.map((f) => f.label)).size).toBe(fields.length);
    expect(skipped).toHaveLength(4); // list and combo boxes stay as they are
    const text = fields.find((f) => f.label === 'text')!;
    const widget = before.widgets.find((w) => w.name === 'text')!;
    expect(text).toMatchObject({
      page: 1,
      rectX: widget.rectX,
      rectY: widget.rectY,
      rectWidth: widget.rectWidth,
    });
    const after = await analyse(pdf);
    expect(after.widgets.every((w) => w.kind === 'choice')).toBe(true);
  });

  it('keeps max length and comb, and fills the imported fields in place', async () => {
    const { fields, pdf } = await importAcroForm(corpusPdf('acroform_combed_fields_13p.pdf'));
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

  it.each([
    'acroform_fancy_fields_acrobat.pdf',
    'acroform_sample_form_indesign_js.pdf',
    'acroform_filled_by_acrobat_3p.pdf',
    'irs_f1040_2010_prefilled.pdf',
  ])('imports %s without error', async (name) => {
    const { fields, pdf } = await importAcroForm(corpusPdf(name));
    expect(fields.length).toBeGreaterThan(0);
    expect((await analyse(pdf)).pageCount).toBeGreaterThan(0);
  });
});
