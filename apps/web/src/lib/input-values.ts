/** A Mantine NumberInput's value as a number; undefined while it is empty. */
export const toNumber = (value: string | number): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/**
 * What a number input sends: the number, or its text while it is empty or half typed ("-", "1.").
 * Generate takes text for number fields and leaves an empty one blank, so a cleared number is
 * sent as '' rather than snapping to 0.
 */
export const numberInputValue = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

/** A date input holds YYYY-MM-DD; a date-time example keeps its day. */
export const toDateInputValue = (value: unknown): string =>
  typeof value === 'string' ? value.slice(0, 10) : '';
