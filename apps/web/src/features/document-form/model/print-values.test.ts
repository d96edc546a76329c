import type { ValueFormat } from '@platen/contract';
import * as dateLocales from 'date-fns/locale';
import { enUS } from 'date-fns/locale/en-US';
import { describe, expect, it } from 'vitest';
import { needsMoreLocales, valuePrinter } from './print-values.ts';

const formats: Record<string, ValueFormat> = {
  Amount: { kind: 'number', locale: 'de-DE', currency: 'EUR', decimals: 2 },
  Due: { kind: 'date', pattern: 'd. MMMM yyyy', locale: 'de-DE' },
  Sent: { kind: 'date', pattern: 'MMMM d, yyyy' },
};

describe('printing values in the Form tab as the document does', () => {
  it('prints numbers and dates in their formats, other values and unreadable ones as typed', () => {
    const print = valuePrinter(formats, dateLocales);
    expect(String(print('Amount', '1234.5')).replace(/\u00a0/g, ' ')).toBe('1.234,50 €');
    expect(print('Due', '2026-03-01')).toBe('1. März 2026');
    expect(print('Sent', '2026-03-01')).toBe('March 1, 2026');
    expect(print('Name', 'Ada')).toBe('Ada');
    expect(print('Due', '2026-02-30')).toBe('2026-02-30');
  });

  it('needs more than en-US only for a date format in another locale', () => {
    expect(needsMoreLocales(formats)).toBe(true);
    expect(needsMoreLocales({ Amount: formats.Amount!, Sent: formats.Sent! })).toBe(false);
    expect(needsMoreLocales({ Sent: { kind: 'date', pattern: 'P', locale: 'en-US' } })).toBe(false);
    // en-US alone prints an en-US date; while the rest load, every value prints as typed.
    expect(valuePrinter(formats, { enUS })('Sent', '2026-03-01')).toBe('March 1, 2026');
    expect(valuePrinter(formats, undefined)('Amount', '1234.5')).toBe('1234.5');
  });
});
