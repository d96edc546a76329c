import type { ValueFormat } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { formatProblem, formatValue } from './value-formats.ts';

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
