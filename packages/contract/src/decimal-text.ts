/*
 * Numbers kept as the decimal digits that were sent, never read into a double: a double holds
 * about 17 significant digits, so an amount like "12345678901234567890123" would print other
 * digits. Intl.NumberFormat formats such a string exactly (its string input, ES2023).
 */

/** A number as sent: JSON's number syntax ("-1234.5", "1e3"). */
const NUMBER_TEXT = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Intl prints ∞ past about 309 integer digits; no form holds that many. */
const MAX_INTEGER_DIGITS = 300;
/** Bounds the digits an exponent spells out ("1e-999999999" would be a billion zeros). */
const MAX_EXPONENT = 1000;

/** A decimal number as digits: integer without leading zeros ("0" at least), fraction without trailing ones. */
export interface Decimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** Digits without the zeros at their end (a loop: a regex would be quadratic on long input). */
const withoutTrailingZeros = (digits: string): string => {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end -= 1;
  return digits.slice(0, end);
};

/** The decimal a text in JSON's number syntax spells, or undefined when it spells none we print. */
export const parseDecimal = (text: string): Decimal | undefined => {
  const match = NUMBER_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = '', part = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = whole + part;
  const point = whole.length + exponent;
  const spelled =
    point < 0
      ? '0'.repeat(-point) + digits
      : digits + '0'.repeat(Math.max(0, point - digits.length));
  const at = Math.max(point, 0);
  const integer = spelled.slice(0, at).replace(/^0+/, '') || '0';
  if (integer.length > MAX_INTEGER_DIGITS) return undefined;
  return { negative: sign === '-', integer, fraction: withoutTrailingZeros(spelled.slice(at)) };
};

/**
 * Rounds to `places` fraction digits half away from zero ("0.125" → "0.13", "-0.125" →
 * "-0.13"), as invoices and Intl's default do; not half-even (banker's rounding).
 */
export const roundDecimal = (decimal: Decimal, places: number): Decimal => {
  if (decimal.fraction.length <= places) return decimal;
  const kept = decimal.integer + decimal.fraction.slice(0, places);
  const rounded =
    (decimal.fraction[places] ?? '0') >= '5'
      ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0')
      : kept;
  const split = rounded.length - places;
  return {
    negative: decimal.negative,
    integer: rounded.slice(0, split).replace(/^0+/, '') || '0',
    fraction: withoutTrailingZeros(rounded.slice(split)),
  };
};

/**
 * The decimal as a plain string for Intl.NumberFormat. Zero has no sign: "-0" and values
 * rounded to zero print as 0, not -0.
 */
export const decimalText = ({ negative, integer, fraction }: Decimal): `${number}` => {
  const isZero = integer === '0' && fraction === '';
  return `${negative && !isZero ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}` as `${number}`;
};
