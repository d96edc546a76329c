import { format as formatDate } from 'date-fns/format';
import type { Locale } from 'date-fns/locale';
import { decimalText, parseDecimal, roundDecimal } from './decimal-text.ts';
import { formatFieldTypes, type FieldType, type ValueFormat } from './template-fields.ts';

/*
 * Field formats: dates printed with a date-fns pattern (the pattern language people know from
 * Unicode/Java, with date-fns's 95 locales for month and day names), numbers and amounts with
 * the runtime's Intl.NumberFormat (full ICU: every locale and ISO 4217 currency). The server
 * applies them before filling, so generate, tryout, every version and the engine's fast path print
 * the same text; the Form tab applies them to preview text made of other fields' values. Both
 * give the date-fns locales they hold (the server all of them; the browser loads them when a date
 * format needs them), by date-fns's names (`de`, `deAT`, `enUS`…).
 */

export type DateLocales = Readonly<Record<string, Locale>>;

const SAMPLE_DATE = new Date(2026, 0, 31);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isKnownLocale = (tag: string) => {
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false;
  }
};

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const numberFormatOf = (format: Extract<ValueFormat, { kind: 'number' }>) =>
  new Intl.NumberFormat(format.locale ?? 'en-US', {
    ...(format.currency && { style: 'currency', currency: format.currency }),
    ...(format.decimals !== undefined && {
      minimumFractionDigits: format.decimals,
      maximumFractionDigits: format.decimals,
    }),
    useGrouping: format.grouping ?? true,
    // Half away from zero, as invoices round (Intl's default, said here so it stays so).
    roundingMode: 'halfExpand',
    // Zero, and what rounds to zero, prints without a minus sign.
    signDisplay: 'negative',
  });

/**
 * A number as sent, as its decimal digits: a numeric string is read digit by digit, never
 * through a double; a JSON number by the digits JSON spells it with (`String(1.005)`).
 * Rounded here when the format fixes the decimals, so Intl only places separators.
 */
const numberText = (
  format: Extract<ValueFormat, { kind: 'number' }>,
  value: unknown,
): `${number}` | undefined => {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const decimal = parseDecimal(String(value));
  if (!decimal) return undefined;
  return decimalText(
    format.decimals === undefined ? decimal : roundDecimal(decimal, format.decimals),
  );
};

/**
 * An ISO date as the calendar day it names, the year kept as sent (years 0–99 too: ISO's year
 * 0000 is the proleptic Gregorian year before 0001).
 */
const parseDate = (value: string): Date | undefined => {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1, 12); // noon: no zone skips it
  date.setFullYear(year, month - 1, day);
  const isSameDay =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return isSameDay ? date : undefined;
};

/**
 * The pattern with the year of the era (`y`) read as the extended year (`u`), outside quoted
 * text: the two agree from year 1 on, but the year of the era makes ISO's year 0000 "0001"
 * (1 BC), and a date is to print the year it was sent with.
 */
const extendedYears = (pattern: string): string => {
  let quoted = false;
  let out = '';
  for (const char of pattern) {
    if (char === "'") quoted = !quoted;
    out += !quoted && char === 'y' ? 'u' : char;
  }
  return out;
};

/** What a value of a formatted field must look like, for the 400 naming it. */
export const expectedByFormat = (format: ValueFormat): string =>
  format.kind === 'date'
    ? 'an ISO date like 2026-01-31, year 0000 to 9999'
    : format.kind === 'number'
      ? 'a number like 1234.5'
      : 'text';

/** The formats that print dates with `locales`: see the comment at the top. */
export const createValueFormats = (locales: DateLocales) => {
  /** date-fns names its locales `de`, `deAT`, `enUS`…: the region's own first, then the language's. */
  const dateLocaleOf = (tag: string | undefined): Locale | undefined => {
    if (!tag) return locales.enUS;
    const [language = '', region = ''] = tag.split('-');
    return (
      locales[`${language.toLowerCase()}${region.toUpperCase()}`] ?? locales[language.toLowerCase()]
    );
  };

  /** Why a field's format cannot be stored, or undefined when it can. */
  const formatProblem = (
    label: string,
    type: FieldType,
    format: ValueFormat,
  ): string | undefined => {
    if (!formatFieldTypes[format.kind].includes(type)) {
      return `The field "${label}" is a ${type} field: a ${format.kind} format applies to ${formatFieldTypes[format.kind].join(', ')} fields only.`;
    }
    if (format.kind === 'uppercase') return undefined;
    if (format.locale !== undefined && !isKnownLocale(format.locale)) {
      return `The field "${label}" has an unknown locale "${format.locale}" (use a tag like en-US or de-DE).`;
    }
    if (format.kind === 'date') {
      const locale = dateLocaleOf(format.locale);
      if (!locale) {
        return `The field "${label}" has a locale without date names: "${format.locale ?? ''}".`;
      }
      try {
        formatDate(SAMPLE_DATE, format.pattern, { locale });
      } catch {
        return `The field "${label}" has a date pattern that cannot be printed: "${format.pattern}" (letters that are not date-fns tokens go in single quotes).`;
      }
    }
    if (format.kind === 'number' && format.currency && !CURRENCIES.has(format.currency)) {
      return `The field "${label}" has an unknown currency "${format.currency}".`;
    }
    return undefined;
  };

  /** A date in the format's pattern and locale, the year as sent; undefined when it cannot print. */
  const printDate = (date: Date, format: Extract<ValueFormat, { kind: 'date' }>) => {
    const pattern = date.getFullYear() === 0 ? extendedYears(format.pattern) : format.pattern;
    try {
      return formatDate(date, pattern, { locale: dateLocaleOf(format.locale) });
    } catch {
      return undefined;
    }
  };

  /**
   * The text a formatted field prints, or undefined when the value cannot be read for its format
   * (the caller names the field in a 400). Empty values stay empty.
   */
  const formatValue = (format: ValueFormat, value: unknown): unknown => {
    if (value === null || value === undefined || value === '') return value;
    switch (format.kind) {
      case 'uppercase':
        if (Array.isArray(value)) return value.map((item: string) => item.toUpperCase());
        return typeof value === 'string' ? value.toUpperCase() : undefined;
      case 'number': {
        const text = numberText(format, value);
        return text === undefined ? undefined : numberFormatOf(format).format(text);
      }
      case 'date': {
        const date = typeof value === 'string' ? parseDate(value) : undefined;
        if (!date) return undefined;
        return printDate(date, format);
      }
    }
  };

  /** A few words on how the field prints, for the payload schema. */
  const describeFormat = (format: ValueFormat): string => {
    switch (format.kind) {
      case 'uppercase':
        return 'Printed in upper case.';
      case 'number':
        return `A number, printed like ${numberFormatOf(format).format(1234.5)}.`;
      case 'date':
        return `An ISO date (YYYY-MM-DD, year 0000 to 9999), printed like ${formatDate(SAMPLE_DATE, format.pattern, { locale: dateLocaleOf(format.locale) })}.`;
    }
  };

  return { formatProblem, formatValue, describeFormat };
};
