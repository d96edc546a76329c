import { FIT_REPORT_HEADER } from '@platen/contract';
import { showToast } from '../feedback/toast.ts';

/** Characters of a field's value that no font could print (the fit report's `missingGlyphs`). */
export type MissingGlyphs = { label: string; characters: readonly string[] };

/** The fields of a generated PDF whose values lost characters, read from its fit report. */
export const missingGlyphsOf = (headers: Headers): MissingGlyphs[] => {
  const raw = headers.get(FIT_REPORT_HEADER);
  if (!raw) return [];
  try {
    const report = JSON.parse(raw) as Record<string, { missingGlyphs?: string[] } | undefined>;
    return Object.entries(report).flatMap(([label, entry]) =>
      entry?.missingGlyphs?.length ? [{ label, characters: entry.missingGlyphs }] : [],
    );
  } catch {
    return [];
  }
};

/** A character with its code point, readable even where the browser has no font for it. */
const describeCharacter = (character: string) =>
  `${character} (U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`;

/** Says which fields' characters the PDF could not print, so nobody learns it from a customer. */
export const warnOfMissingGlyphs = (missing: readonly MissingGlyphs[]): void => {
  if (missing.length === 0) return;
  showToast({
    kind: 'warning',
    title: 'Some characters cannot be printed',
    message: `No font has them, so the PDF leaves them out: ${missing
      .map(({ label, characters }) => `"${label}": ${characters.map(describeCharacter).join(', ')}`)
      .join('; ')}.`,
    timeoutMs: 15_000,
  });
};
