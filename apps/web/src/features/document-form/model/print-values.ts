import { createValueFormats, type DateLocales, type ValueFormat } from '@platen/contract';

/** A value as its field prints it; the value itself when the field has no format. */
export type PrintValue = (label: string, value: unknown) => unknown;

/** Whether a date format names a locale other than en-US (a format without a locale is en-US). */
export const needsMoreLocales = (formats: Readonly<Record<string, ValueFormat>>): boolean =>
  Object.values(formats).some(
    (format) => format.kind === 'date' && !!format.locale && !/^en(-US)?$/i.test(format.locale),
  );

/**
 * Prints values in their fields' formats as the document does (the contract's value-formats.ts),
 * dates with the date-fns `locales` given; a value its format cannot read prints as typed, and so
 * does every value while `locales` lack what the formats need (undefined).
 */
export const valuePrinter = (
  formats: Readonly<Record<string, ValueFormat>>,
  locales: DateLocales | undefined,
): PrintValue => {
  if (!locales) return (_, value) => value;
  const { formatValue } = createValueFormats(locales);
  return (label, value) => {
    const format = formats[label];
    return format ? (formatValue(format, value) ?? value) : value;
  };
};
