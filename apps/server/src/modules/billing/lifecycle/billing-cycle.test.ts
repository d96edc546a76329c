import { describe, expect, it } from 'vitest';
import { addMonths, cycleAt } from './billing-cycle.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('monthly billing cycles', () => {
  it('keeps the anchor’s day, clamped to the last day of shorter months', () => {
    const jan31 = at('2026-01-31T09:30:00.000Z');
    expect([1, 2, 3, 4].map((n) => iso(addMonths(jan31, n)))).toEqual([
      '2026-02-28T09:30:00.000Z',
      '2026-03-31T09:30:00.000Z',
      '2026-04-30T09:30:00.000Z',
      '2026-05-31T09:30:00.000Z',
    ]);
    expect(iso(addMonths(at('2026-03-30T00:00:00.000Z'), 11))).toBe('2027-02-28T00:00:00.000Z');
  });

  it('has February 29 in leap years', () => {
    expect(iso(addMonths(at('2028-01-31T12:00:00.000Z'), 1))).toBe('2028-02-29T12:00:00.000Z');
    expect(iso(addMonths(at('2028-01-29T12:00:00.000Z'), 1))).toBe('2028-02-29T12:00:00.000Z');
    expect(iso(addMonths(at('2028-02-29T12:00:00.000Z'), 12))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(addMonths(at('2028-02-29T12:00:00.000Z'), 48))).toBe('2032-02-29T12:00:00.000Z');
  });

  it('goes from December to January of the next year', () => {
    expect(iso(addMonths(at('2026-12-31T23:59:59.999Z'), 1))).toBe('2027-01-31T23:59:59.999Z');
    expect(iso(addMonths(at('2026-12-15T08:00:00.000Z'), 2))).toBe('2027-02-15T08:00:00.000Z');
    expect(iso(addMonths(at('2026-11-30T08:00:00.000Z'), 3))).toBe('2027-02-28T08:00:00.000Z');
  });

  it('finds the cycle containing a moment from the anchor, never from a clamped end', () => {
    const anchor = at('2026-01-31T09:00:00.000Z');
    const cycle = (moment: string) => {
      const { start, end } = cycleAt(anchor, at(moment));
      return [iso(start), iso(end)];
    };
    expect(cycle('2026-01-31T09:00:00.000Z')).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
    ]);
    expect(cycle('2026-02-28T09:00:00.000Z')).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
    ]);
    expect(cycle('2026-03-30T23:00:00.000Z')).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
    ]);
    expect(cycle('2027-01-01T00:00:00.000Z')).toEqual([
      '2026-12-31T09:00:00.000Z',
      '2027-01-31T09:00:00.000Z',
    ]);
    // Before the anchor: the first cycle.
    expect(cycle('2026-01-01T00:00:00.000Z')).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
    ]);
  });
});
