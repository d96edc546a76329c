/** A Mantine NumberInput's value as a number; undefined while it is empty. */
export const toNumber = (value: string | number): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);
