import { describe, expect, it } from 'vitest';
import { sampleValues } from './sample-values.ts';

describe('sampleValues', () => {
  it('gives each label a value of its type, and unknown types their label', () => {
    expect(
      sampleValues([
        { label: 'Name', type: 'TEXT' },
        { label: 'Paid', type: 'CHECKBOX' },
        { label: 'Total', type: 'NUMBER' },
        { label: 'Colour', type: 'CHOICE' },
      ]),
    ).toEqual({ Name: 'Jane Doe', Paid: true, Total: 42, Colour: 'Colour' });
  });
});
