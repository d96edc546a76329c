/** `timeZone` is for tests; the app shows dates in the browser's own time zone. */
type DateOptions = { timeZone?: string };

const format = (iso: string | null | undefined, style: 'medium' | 'short', o: DateOptions) => {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('en-US', { dateStyle: style, timeZone: o.timeZone }).format(date);
};

/** product.md#constants medium date, as Angular's `mediumDate`: `Mar 5, 2026`; a dash when there is none. */
export const formatMediumDate = (iso: string | null | undefined, o: DateOptions = {}) =>
  format(iso, 'medium', o);

/** product.md#constants short date, as Angular's `shortDate`: `3/5/26`; a dash when there is none. */
export const formatShortDate = (iso: string | null | undefined, o: DateOptions = {}) =>
  format(iso, 'short', o);

/** Euros with 2 decimals (product.md#constants): `€9.99`, `€0.05`; the same formatter as the local pages'. */
export { formatEuros } from '@platen/contract';

/** Whole counts with thousands separators: `25,000`. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/**
 * product.md#screens-and-routes Remaining: the monthly limit minus what was used, never below zero, so it matches the
 * dashboard's "Remaining documents" once overage documents are counted.
 */
export const remainingDocuments = (o: { monthlyLimit: number; used: number }) =>
  Math.max(0, o.monthlyLimit - o.used);
