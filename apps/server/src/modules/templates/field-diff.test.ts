import type { FieldSpec } from '@platen/pdf-engine';
import { describe, expect, it } from 'vitest';
import { diffFields } from './field-diff.ts';

const size = (values: string[]): FieldSpec => ({
  id: 'f1',
  label: 'Size',
  type: 'choice',
  page: 1,
  rectX: 10,
  rectY: 10,
  rectWidth: 100,
  rectHeight: 20,
  fontSize: 12,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
  options: values.map((value) => ({ value, label: value.toUpperCase() })),
});

describe('diffFields: choice options', () => {
  it('calls taking options away breaking, naming them, and adding options harmless', () => {
    expect(diffFields([size(['s', 'm', 'l'])], [size(['s', 'l', 'xl'])])).toEqual([
      {
        kind: 'optionsRemoved',
        label: 'Size',
        type: 'choice',
        removedOptions: ['m'],
        breaking: true,
      },
    ]);
    expect(diffFields([size(['s'])], [size(['s', 'm'])])).toEqual([]);
  });
});
