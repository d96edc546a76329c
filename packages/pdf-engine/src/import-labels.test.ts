import { describe, expect, it } from 'vitest';
import { readableName, uniqueLabels } from './import-labels.ts';

describe('readableName', () => {
  it('takes a short tooltip as it is', () => {
    expect(readableName('topmostSubform[0].Page1[0].f1_1[0]', ' Name of  entity ')).toBe(
      'Name of entity',
    );
  });

  it('passes over a long tooltip for the partial name without hierarchy and indices', () => {
    const instruction =
      'Enter the name as shown on your income tax return; this line must not be left blank.';
    expect(readableName('form1[0].Page1[0].OwnerName[0]', instruction)).toBe('OwnerName');
  });

  it("puts a meaningful parent's name before a generated one", () => {
    expect(readableName('topmostSubform[0].Page1[0].SSN[0].f1_11[0]')).toBe('SSN f1_11');
    expect(readableName('topmostSubform[0].Page1[0].f1_1[0]')).toBe('f1_1');
    expect(readableName('Text Box 1')).toBe('Text Box 1');
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
