import { FILE_NAME_PLACEHOLDER } from '@platen/contract';

/**
 * Characters no file system takes in a name (Windows' `<>:"/\|?*`), controls (C0, DEL, C1) and
 * line or paragraph separators; each becomes `_`.
 */
const NOT_IN_FILE_NAMES = /[\p{Cc}\p{Zl}\p{Zp}<>:"/\\|?*]/gu;

/**
 * Format characters, dropped: bidi controls (U+200E/F, U+202A–E, U+2066–9, U+061C), which can
 * make `invoice‮fdp.exe` look like `invoiceexe.pdf`, and zero-width ones (U+200B–D, U+2060,
 * U+FEFF), which make two names that look alike differ. Emoji joined by U+200D fall apart into
 * their parts, which still name the file.
 */
const INVISIBLE = /\p{Cf}/gu;

/**
 * Names Windows keeps for devices, whatever follows the first dot: `CON`, `nul.pdf` and
 * `com1.tar.gz` cannot be written there. COM0, LPT0 and the superscript digits are in Microsoft's
 * list too.
 */
const WINDOWS_DEVICE = /^(?:CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])(?=\.|$)/i;

/**
 * Most bytes of a name in UTF-8: file systems take 255 (ext4, APFS; NTFS 255 UTF-16 units), and
 * this leaves room for the ` (1)` an unpacking program may add.
 */
export const MAX_NAME_BYTES = 200;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** The longest run of parts from the start that fits in `budget` bytes; stops reading there. */
const takeWithin = (parts: Iterable<string>, budget: number) => {
  let kept = '';
  let bytes = 0;
  for (const part of parts) {
    bytes += bytesOf(part);
    if (bytes > budget) break;
    kept += part;
  }
  return kept;
};

function* segmentsOf(text: string) {
  for (const { segment } of graphemes.segment(text)) yield segment;
}

/**
 * The longest start of `text` within `budget` bytes, cut between graphemes (a flag or an accented
 * letter stays whole), or between code points when not even the first grapheme fits.
 */
const cutToBytes = (text: string, budget: number): string => {
  if (bytesOf(text) <= budget) return text;
  const byGrapheme = takeWithin(segmentsOf(text), budget);
  return byGrapheme === '' ? takeWithin(text, budget) : byGrapheme;
};

const isDotOrSpace = (char: string) => char === '.' || /\s/u.test(char);

/**
 * No leading or trailing dots and spaces: Windows drops trailing ones, Unix hides `.name`. A loop,
 * not a regular expression, so a value of many spaces costs linear time.
 */
const trimDotsAndSpaces = (text: string) => {
  let start = 0;
  let end = text.length;
  while (start < end && isDotOrSpace(text.charAt(start))) start += 1;
  while (end > start && isDotOrSpace(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end);
};

/**
 * Text made safe as a file or folder name on every file system, at most `budget` bytes of UTF-8;
 * '' when nothing is left. A Windows device name gets `_` after it (`CON` → `CON_`).
 */
export const safeFileBase = (text: string, budget = MAX_NAME_BYTES): string => {
  const cleaned = trimDotsAndSpaces(
    text.normalize('NFC').replace(INVISIBLE, '').replace(NOT_IN_FILE_NAMES, '_'),
  );
  // One byte is kept for the `_` a device name gets.
  const cut = trimDotsAndSpaces(cutToBytes(cleaned, budget - 1));
  return cut.replace(WINDOWS_DEVICE, '$&_');
};

/**
 * The key two names are equal under on a file system that ignores case (Windows, macOS): NFC as
 * `safeFileBase` leaves them, then upper- and lower-cased, so that `ß` and `SS` meet too. It may
 * find names equal that a file system keeps apart, which costs only a suffix.
 */
const caseKey = (name: string) => name.toUpperCase().toLowerCase();

/**
 * Names that are unique ignoring case, each at most MAX_NAME_BYTES bytes with its extension: a
 * second `a` becomes `a-2`, a third `a-3`, and a name the suffix made is taken like any other
 * (`dup`, `dup`, `dup-2` give `dup`, `dup-2`, `dup-2-2`). Each base is a `safeFileBase` (not
 * empty); a long one is cut to leave room for its suffix and extension. Names given in `taken`
 * (made before, e.g. by an earlier try of the same job) are not made again.
 */
export const createUniqueNamer = (extension: string, taken: Iterable<string> = []) => {
  const isTaken = new Set<string>([...taken].map(caseKey));
  /** The next suffix to try for a base, so 10,000 equal names do not each start over from 2. */
  const nextSuffix = new Map<string, number>();
  const claim = (base: string, suffix: string) => {
    const budget = MAX_NAME_BYTES - bytesOf(suffix) - bytesOf(extension);
    const name = `${safeFileBase(base, budget)}${suffix}${extension}`;
    if (isTaken.has(caseKey(name))) return undefined;
    isTaken.add(caseKey(name));
    return name;
  };
  return (base: string): string => {
    const key = caseKey(base);
    let n = nextSuffix.get(key) ?? 1;
    let name = n === 1 ? claim(base, '') : undefined;
    while (name === undefined) {
      n += 1;
      name = claim(base, `-${n}`);
    }
    nextSuffix.set(key, n);
    return name;
  };
};

const printable = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(printable).join(' ');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
};

const PDF = '.pdf';

/**
 * Names the PDFs of a batch's ZIP: the pattern with `{label}` replaced by the item's value and
 * `{index}` by its position from 1 (`document-{index}.pdf` without a pattern). A name is made
 * safe for every file system (`safeFileBase`: no separators, so no entry can escape the folder it
 * is unpacked into), ends in `.pdf`, and is unique ignoring case (`createUniqueNamer`), also
 * against the names in `taken`.
 */
export const createFileNamer = (pattern: string | null, taken: Iterable<string> = []) => {
  const unique = createUniqueNamer(PDF, taken);
  return (index: number, values: Record<string, unknown>): string => {
    const filled = (pattern ?? 'document-{index}.pdf').replace(
      FILE_NAME_PLACEHOLDER,
      (_match, label: string) =>
        label === 'index'
          ? String(index + 1)
          : printable(Object.hasOwn(values, label) ? values[label] : ''),
    );
    const base = safeFileBase(filled.replace(/\.pdf$/i, ''), MAX_NAME_BYTES - bytesOf(PDF));
    return unique(base === '' ? `document-${index + 1}` : base);
  };
};
