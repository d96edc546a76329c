import type { TemplateInput } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { importSummary } from './import-summary.ts';

const input = { label: 'Name' } as TemplateInput;
const button = (name: string, page?: number) => ({
  name,
  fieldName: name,
  ...(page && { page }),
  reason: 'a push button has no value to fill',
});

describe('importSummary', () => {
  it('says nothing for a PDF without a form', () => {
    expect(importSummary({ inputs: [] })).toEqual([]);
  });

  it('counts the fields taken over and names the ones left alone, a line per reason', () => {
    const signature = {
      name: 'Signed',
      fieldName: 'Signed',
      reason: 'a signature field is signed, not filled',
    };
    expect(
      importSummary({
        inputs: [input, input],
        notImported: [button('Print'), signature, button('Reset')],
      }),
    ).toEqual([
      '2 fields were taken from the PDF’s own form.',
      'Not imported: Print, Reset (a push button has no value to fill).',
      'Not imported: Signed (a signature field is signed, not filled).',
    ]);
  });

  it('says on which page each one is when names repeat, so buttons of one name are told apart', () => {
    const [line] = importSummary({
      inputs: [],
      notImported: [button('Clear', 1), button('Print', 1), button('Clear', 3)],
    });
    expect(line).toBe(
      'Not imported: Clear (page 1), Print, Clear (page 3) (a push button has no value to fill).',
    );
  });

  it('says first that the encryption was removed, in the server’s words', () => {
    const restrictionsRemoved = 'This PDF was encrypted to restrict its use, …';
    expect(importSummary({ inputs: [input], restrictionsRemoved })).toEqual([
      restrictionsRemoved,
      '1 field was taken from the PDF’s own form.',
    ]);
  });

  it('says where the labels came from, by count, when not all are field names', () => {
    const from = (source: 'tooltip' | 'pageWords' | 'name') => ({ label: source, source });
    expect(
      importSummary({
        inputs: [input, input, input, input],
        importedLabels: [from('tooltip'), from('pageWords'), from('pageWords'), from('name')],
      }),
    ).toEqual([
      '4 fields were taken from the PDF’s own form.',
      'Labels: 1 from the form’s tooltips, 2 from the words printed beside their boxes (check these), 1 from the fields’ names.',
    ]);
    expect(importSummary({ inputs: [input], importedLabels: [from('name')] })).toEqual([
      '1 field was taken from the PDF’s own form.',
    ]);
  });

  it('counts the rest past eight', () => {
    const many = Array.from({ length: 10 }, (_, i) => button(`B${i + 1}`));
    const [line] = importSummary({ inputs: [], notImported: many });
    expect(line).toMatch(/, B8 and 2 more \(a push button has no value to fill\)\.$/);
  });
});
