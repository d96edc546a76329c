import { describe, expect, it } from 'vitest';
import { unknownPlaceholders } from './file-name-pattern.ts';

describe('a file name pattern', () => {
  it('names the placeholders that are neither a field label nor {index}, once each', () => {
    expect(unknownPlaceholders('invoice-{number}-{index}.pdf', ['number'])).toEqual([]);
    expect(unknownPlaceholders('{Name}-{nmbr}-{nmbr}.pdf', ['Name', 'number'])).toEqual(['nmbr']);
    expect(unknownPlaceholders('', [])).toEqual([]);
  });
});
