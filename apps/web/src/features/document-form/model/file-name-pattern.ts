import { FILE_NAME_PLACEHOLDER } from '@platen/contract';

/**
 * The placeholders of a file name pattern that name no field: `{index}` is the row's number,
 * any other `{…}` must be a field's label (`invoice-{number}.pdf`).
 */
export const unknownPlaceholders = (pattern: string, labels: readonly string[]): string[] => {
  const known = new Set([...labels, 'index']);
  const names = [...pattern.matchAll(FILE_NAME_PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !known.has(name)))];
};
