import { describe, expect, it } from 'vitest';
import { abbreviateCount } from './abbreviate-count.ts';

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [950, '950'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [2000, '2k'],
    [12_340, '12.3k'],
    [250_000, '250k'],
    [999_949, '999.9k'],
    [999_960, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_250_000_000, '1250M'],
  ])('shows %d as %s', (value, text) => {
    expect(abbreviateCount(value)).toBe(text);
  });

  it('keeps the sign of a negative value', () => {
    expect(abbreviateCount(-1500)).toBe('-1.5k');
  });
});
