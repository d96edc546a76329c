import { describe, expect, it } from 'vitest';
import { numberInputValue, toDateInputValue, toNumber } from './input-values.ts';

describe('what the inputs hold', () => {
  it('reads a number input as a number, and nothing while it is empty', () => {
    expect([toNumber(7), toNumber('2.5'), toNumber(''), toNumber('  ')]).toEqual([
      7,
      2.5,
      undefined,
      undefined,
    ]);
  });

  it('sends a cleared number as empty text instead of 0', () => {
    expect([numberInputValue(''), numberInputValue('-'), numberInputValue(7)]).toEqual([
      '',
      '-',
      7,
    ]);
    expect(numberInputValue(undefined)).toBe('');
  });

  it('keeps the day of a date-time for the date input', () => {
    expect(toDateInputValue('2025-03-14T10:00:00Z')).toBe('2025-03-14');
  });
});
