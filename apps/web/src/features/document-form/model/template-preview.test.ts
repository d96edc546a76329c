import { describe, expect, it } from 'vitest';
import { previewTemplate } from './template-preview.ts';

describe('the Form tab preview of a template field', () => {
  it("fills each placeholder with the form's value, a choice with its option's label", () => {
    const values = { 'First name': 'Ada', Amount: 1234.5, Size: 'm' };
    const sizes = { Size: [{ value: 'm', label: 'Medium' }] };
    expect(previewTemplate('Dear {First name}: {Amount}, {Size}', values, sizes)).toBe(
      'Dear Ada: 1234.5, Medium',
    );
  });

  it('prints a value the form does not have as nothing', () => {
    expect(previewTemplate('Dear {First name} {Last name},', { 'First name': 'Ada' })).toBe(
      'Dear Ada ,',
    );
  });

  it('prints a formatted field as the document does, a value it cannot read as typed', () => {
    const print = (label: string, value: unknown) =>
      label === 'Amount' ? (typeof value === 'number' ? `€${value.toFixed(2)}` : undefined) : value;
    expect(previewTemplate('{Amount} / {Note}', { Amount: 5, Note: 'ok' }, {}, print)).toBe(
      '€5.00 / ok',
    );
  });
});
