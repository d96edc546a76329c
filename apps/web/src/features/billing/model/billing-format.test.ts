import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatEuros,
  formatMediumDate,
  formatShortDate,
  remainingDocuments,
} from './billing-format.ts';

const utc = { timeZone: 'UTC' };

describe('dates', () => {
  it('formats medium dates as "Mar 5, 2026"', () => {
    expect(formatMediumDate('2026-03-05T10:00:00.000Z', utc)).toBe('Mar 5, 2026');
    expect(formatMediumDate('2026-12-31T23:59:59.000Z', utc)).toBe('Dec 31, 2026');
  });

  it('formats short dates as "3/5/26"', () => {
    expect(formatShortDate('2026-03-05T10:00:00.000Z', utc)).toBe('3/5/26');
    expect(formatShortDate('2026-11-15T00:00:00.000Z', utc)).toBe('11/15/26');
  });

  it('shows the day of the time zone it is given', () => {
    expect(formatShortDate('2026-03-05T23:30:00.000Z', { timeZone: 'Europe/Berlin' })).toBe(
      '3/6/26',
    );
  });

  it('shows a dash for a missing or broken date', () => {
    expect(formatMediumDate(null)).toBe('—');
    expect(formatShortDate(undefined)).toBe('—');
    expect(formatMediumDate('not a date')).toBe('—');
  });
});

describe('money and counts', () => {
  it('shows euros with 2 decimals', () => {
    expect(formatEuros(9.99)).toBe('€9.99');
    expect(formatEuros(0.05)).toBe('€0.05');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(1.5)).toBe('€1.50');
    expect(formatEuros(1234.5)).toBe('€1,234.50');
  });

  it('separates thousands', () => {
    expect(formatCount(25000)).toBe('25,000');
  });

  it('counts the remaining documents as limit minus used, never below zero', () => {
    expect(remainingDocuments({ monthlyLimit: 100, used: 3 })).toBe(97);
    expect(remainingDocuments({ monthlyLimit: 100, used: 130 })).toBe(0);
  });
});
