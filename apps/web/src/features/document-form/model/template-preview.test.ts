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
});
