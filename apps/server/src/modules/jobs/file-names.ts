import { FILE_NAME_PLACEHOLDER } from '@platen/contract';

/** Characters no file system takes in a name, controls included; each becomes `_`. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const NOT_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;

const MAX_NAME_LENGTH = 180;

/** Text made safe as a file or folder name on every file system; '' when nothing is left. */
export const safeFileBase = (text: string): string =>
  text
    .replace(NOT_IN_FILE_NAMES, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, MAX_NAME_LENGTH);

const printable = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(printable).join(' ');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
};

/**
 * Names the PDFs of a batch's ZIP: the pattern with `{label}` replaced by the item's value and
 * `{index}` by its position from 1 (`document-{index}.pdf` without a pattern). A name is made
 * safe for every file system (no separators, so no entry can escape the folder it is unpacked
 * into), ends in `.pdf`, and is unique: a second `a.pdf` becomes `a-2.pdf`.
 */
export const createFileNamer = (pattern: string | null) => {
  const taken = new Map<string, number>();
  return (index: number, values: Record<string, unknown>): string => {
    const filled = (pattern ?? 'document-{index}.pdf').replace(
      FILE_NAME_PLACEHOLDER,
      (_match, label: string) =>
        label === 'index'
          ? String(index + 1)
          : printable(Object.hasOwn(values, label) ? values[label] : ''),
    );
    let base = safeFileBase(filled.replace(NOT_IN_FILE_NAMES, '_').replace(/\.pdf$/i, ''));
    if (base === '') base = `document-${index + 1}`;
    const key = base.toLowerCase();
    const seen = taken.get(key) ?? 0;
    taken.set(key, seen + 1);
    return seen === 0 ? `${base}.pdf` : `${base}-${seen + 1}.pdf`;
  };
};
