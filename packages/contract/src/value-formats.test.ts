import * as dateLocales from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import type { ValueFormat } from './template-fields.ts';
import { createValueFormats } from './value-formats.ts';

const { formatProblem, formatValue } = createValueFormats(dateLocales);

// Intl separates an amount from its currency with a no-break space (U+00A0), and some
// locales group thousands with a narrow one (U+202F): compare with plain spaces.
const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');

describe('formatValue', () => {
  it.each<[ValueFormat, unknown, string]>([
    [{ kind: 'date', pattern: 'dd.MM.yyyy' }, '2026-03-07', '07.03.2026'],
    [{ kind: 'date', pattern: 'MM/dd/yyyy' }, '2026-03-07', '03/07/2026'],
    [{ kind: 'date', pattern: 'd MMMM yyyy', locale: 'de-DE' }, '2026-03-07', '7 März 2026'],
    [{ kind: 'date', pattern: 'd MMMM yyyy', locale: 'fr' }, '2026-12-25', '25 décembre 2026'],
    [{ kind: 'date', pattern: 'MMMM d, yyyy', locale: 'en-US' }, '2026-01-31', 'January 31, 2026'],
    [{ kind: 'date', pattern: 'd MMMM yyyy', locale: 'pl-PL' }, '2026-05-01', '1 maja 2026'],
    [{ kind: 'number', decimals: 2, locale: 'de-DE', currency: 'EUR' }, 1234.5, '1.234,50 €'],
    [{ kind: 'number', decimals: 2, locale: 'en-US', currency: 'USD' }, '1234.5', '$1,234.50'],
    [{ kind: 'number', locale: 'ja-JP', currency: 'JPY' }, 1234, '￥1,234'],
    [{ kind: 'number', decimals: 1, locale: 'fr-FR' }, 1234567.25, '1 234 567,3'],
    [{ kind: 'number', decimals: 0, grouping: false }, 1234567.4, '1234567'],
    [{ kind: 'uppercase' }, 'Łódź straße', 'ŁÓDŹ STRASSE'],
  ])('prints %j of %j as %s', (format, value, printed) => {
    expect(plain(formatValue(format, value))).toBe(printed);
  });

  const euros: ValueFormat = { kind: 'number', decimals: 2, locale: 'de-DE', currency: 'EUR' };
  const plainNumber: ValueFormat = { kind: 'number', decimals: 2, grouping: false };

  it.each<[ValueFormat, unknown, string]>([
    [euros, '12345678901234567890123', '12.345.678.901.234.567.890.123,00 €'],
    [euros, '-12345678901234567890.125', '-12.345.678.901.234.567.890,13 €'],
    [plainNumber, '9'.repeat(300), `${'9'.repeat(300)}.00`],
    [plainNumber, `0.${'3'.repeat(400)}`, '0.33'],
    [plainNumber, '1.00499999999999999999999', '1.00'],
    [plainNumber, '1.00500000000000000000001', '1.01'],
    [euros, '9.999', '10,00 €'],
    [euros, '-9.995', '-10,00 €'],
    [euros, '999999999999999999.995', '1.000.000.000.000.000.000,00 €'],
    [euros, '0.125', '0,13 €'],
    [euros, '0.005', '0,01 €'],
    [euros, '2.675', '2,68 €'],
    [euros, 2.675, '2,68 €'],
    [euros, 1.005, '1,01 €'],
    [euros, '-0', '0,00 €'],
    [euros, -0, '0,00 €'],
    [euros, '-0.001', '0,00 €'],
    [euros, '-0.004999', '0,00 €'],
    [euros, '-0.005', '-0,01 €'],
    [euros, '0012.50', '12,50 €'],
    [euros, '1e3', '1.000,00 €'],
    [euros, '1.5E+21', '1.500.000.000.000.000.000.000,00 €'],
    [euros, '125e-3', '0,13 €'],
    [euros, 1e21, '1.000.000.000.000.000.000.000,00 €'],
    [
      { kind: 'number', locale: 'en-US' },
      '12345678901234567890.12345',
      '12,345,678,901,234,567,890.123',
    ],
    [{ kind: 'number', decimals: 0, locale: 'en-US' }, '-0.5', '-1'],
    [{ kind: 'number', decimals: 0, locale: 'en-US' }, '-0.4', '0'],
  ])('prints %j of %j with its own digits as %s', (format, value, printed) => {
    expect(plain(formatValue(format, value))).toBe(printed);
  });

  // Thirty integer digits, far past a double's 17: each prints, grouped as its locale groups.
  const thirty = '-123456789012345678901234567890.125';
  it.each<[ValueFormat, string]>([
    [euros, '-123.456.789.012.345.678.901.234.567.890,13 €'],
    [
      { kind: 'number', decimals: 2, locale: 'en-US', currency: 'USD' },
      '-$123,456,789,012,345,678,901,234,567,890.13',
    ],
    [
      { kind: 'number', decimals: 2, locale: 'fr-FR' },
      '-123 456 789 012 345 678 901 234 567 890,13',
    ],
    [
      { kind: 'number', locale: 'ja-JP', currency: 'JPY' },
      '-￥123,456,789,012,345,678,901,234,567,890',
    ],
    [
      { kind: 'number', decimals: 2, locale: 'hi-IN', currency: 'INR' },
      '-₹1,23,45,67,89,01,23,45,67,89,01,23,45,67,890.13',
    ],
  ])('prints a 30-digit amount in %j as %s', (format, printed) => {
    expect(plain(formatValue(format, thirty))).toBe(printed);
  });

  it.each<[string, string]>([
    ['0000-01-01', '01.01.0000'],
    ['0000-02-29', '29.02.0000'],
    ['0001-01-01', '01.01.0001'],
    ['0099-12-31', '31.12.0099'],
    ['0004-02-29', '29.02.0004'],
    ['1900-02-28', '28.02.1900'],
    ['9999-12-31', '31.12.9999'],
  ])('prints the date %s with the year sent: %s', (value, printed) => {
    expect(formatValue({ kind: 'date', pattern: 'dd.MM.yyyy' }, value)).toBe(printed);
  });

  it('prints the year 0000 in any pattern, quoted letters left as they are', () => {
    const date = (pattern: string, locale?: string) =>
      formatValue({ kind: 'date', pattern, ...(locale && { locale }) }, '0000-03-07');
    expect(date('d MMMM yyyy', 'de-DE')).toBe('7 März 0000');
    expect(date("'year' yy, d.M.y")).toBe('year 00, 7.3.0');
    expect(formatValue({ kind: 'date', pattern: "'y' yyyy" }, '2026-03-07')).toBe('y 2026');
  });

  it('keeps empty values empty and upper-cases every part of a linked text', () => {
    expect(formatValue({ kind: 'date', pattern: 'dd.MM.yyyy' }, null)).toBeNull();
    expect(formatValue({ kind: 'number' }, '')).toBe('');
    expect(formatValue({ kind: 'uppercase' }, ['ab', 'cd'])).toEqual(['AB', 'CD']);
  });

  it.each<[ValueFormat, unknown]>([
    [{ kind: 'date', pattern: 'dd.MM.yyyy' }, '07.03.2026'],
    [{ kind: 'date', pattern: 'dd.MM.yyyy' }, '2026-02-30'],
    [{ kind: 'date', pattern: 'dd.MM.yyyy' }, 20260307],
    [{ kind: 'number' }, '1.234,50'],
    [{ kind: 'number' }, 'twelve'],
    [{ kind: 'date', pattern: 'dd.MM.yyyy' }, '0100-02-29'],
    [{ kind: 'date', pattern: 'dd.MM.yyyy' }, '2026-13-01'],
    [{ kind: 'number' }, '1e400'],
    [{ kind: 'number' }, '1e-1001'],
    [{ kind: 'number' }, '9'.repeat(301)],
    [{ kind: 'number' }, '+1'],
    [{ kind: 'number' }, '.5'],
    [{ kind: 'number' }, '1.'],
    [{ kind: 'number' }, '0x10'],
    [{ kind: 'number' }, 'Infinity'],
    [{ kind: 'number' }, Number.NaN],
  ])('cannot read %j for %j', (format, value) => {
    expect(formatValue(format, value)).toBeUndefined();
  });
});

describe('formatProblem', () => {
  it('accepts formats on their field types', () => {
    expect(
      formatProblem('Due', 'date', { kind: 'date', pattern: 'd MMMM yyyy', locale: 'de-DE' }),
    ).toBeUndefined();
    expect(formatProblem('Total', 'number', { kind: 'number', currency: 'EUR' })).toBeUndefined();
    expect(formatProblem('Name', 'text', { kind: 'uppercase' })).toBeUndefined();
  });

  it.each<[string, ValueFormat, string]>([
    ['number', { kind: 'date', pattern: 'dd.MM.yyyy' }, 'applies to date fields only'],
    ['date', { kind: 'date', pattern: 'dd.MM.yyyy hello' }, 'cannot be printed'],
    ['date', { kind: 'date', pattern: 'dd.MM.yyyy', locale: 'xx-!!' }, 'unknown locale'],
    ['number', { kind: 'number', currency: 'XYZ' }, 'unknown currency "XYZ"'],
    ['checkbox', { kind: 'uppercase' }, 'applies to text, long_text, linked_text, email'],
  ])('refuses a %s field with %j', (type, format, message) => {
    expect(formatProblem('Field', type as 'date', format)).toContain(message);
  });
});
