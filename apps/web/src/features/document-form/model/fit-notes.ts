/**
 * What a generated PDF's fit report (the `x-fit-report` header, JSON by label) says of the fields
 * that did not print as typed, in words shown beside their inputs in the Form tab.
 */
export type FitNote = {
  /** Cut off or missing characters: the PDF lacks part of the value. Shrunk text is all there. */
  didNotFit: boolean;
  text: string;
};

type ReportEntry = { result?: unknown; fontSize?: unknown; missingGlyphs?: unknown };

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

const points = (size: unknown) =>
  typeof size === 'number' && size > 0 ? `${Math.round(size * 10) / 10} pt` : 'a smaller size';

const noteOf = (entry: ReportEntry): FitNote | null => {
  switch (entry.result) {
    case 'truncated':
      return {
        didNotFit: true,
        text: `Cut off: the text does not fit its box even at ${points(entry.fontSize)}, so the PDF prints only its start. Shorten it or make the box larger.`,
      };
    case 'missing_glyphs': {
      const characters = Array.isArray(entry.missingGlyphs)
        ? entry.missingGlyphs.filter((c): c is string => typeof c === 'string')
        : [];
      const listed = characters.map((c) => `${c} (${codePoint(c)})`).join(', ');
      return {
        didNotFit: true,
        text: `Characters left out: no font has ${listed || 'some of its characters'}.`,
      };
    }
    case 'shrunk':
      return { didNotFit: false, text: `Shrunk to ${points(entry.fontSize)} to fit its box.` };
    default:
      return null;
  }
};

/** The notes of the fields the report marks, by label; an unreadable report marks nothing. */
export const fitNotesOf = (header: string | null): Record<string, FitNote> => {
  if (!header) return {};
  let report: unknown;
  try {
    report = JSON.parse(header);
  } catch {
    return {};
  }
  if (typeof report !== 'object' || report === null) return {};
  return Object.fromEntries(
    Object.entries(report as Record<string, unknown>).flatMap(([label, entry]) => {
      const note = typeof entry === 'object' && entry !== null ? noteOf(entry) : null;
      return note ? [[label, note]] : [];
    }),
  );
};

/** "2 fields did not fit", or of shrunk text alone "1 field was shrunk to fit"; null when none. */
export const fitSummary = (notes: Readonly<Record<string, FitNote>>): string | null => {
  const all = Object.values(notes);
  const cut = all.filter((note) => note.didNotFit).length;
  const plural = (n: number) => (n === 1 ? '1 field' : `${n} fields`);
  if (cut > 0) return `${plural(cut)} did not fit`;
  if (all.length > 0)
    return `${all.length === 1 ? '1 field was' : `${all.length} fields were`} shrunk to fit`;
  return null;
};

/** The field the summary's link shows first: the first, in form order, that did not fit. */
export const firstNoted = (
  labels: readonly string[],
  notes: Readonly<Record<string, FitNote>>,
): string | undefined =>
  labels.find((label) => notes[label]?.didNotFit) ?? labels.find((label) => notes[label]);
