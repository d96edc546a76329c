import { AppError } from '../../lib/app-error.ts';

/**
 * How many edits a mistyped label may be from the one it meant: one in three characters, at most
 * three, so that a short label is not "corrected" into an unrelated short one (`Zip` to `City`).
 */
const suggestionDistance = (label: string) => Math.min(3, Math.floor(label.length / 3));

/**
 * Edits (insertions, deletions, substitutions, swaps of neighbours) between two labels, ignoring
 * case, or `limit + 1` as soon as it is certain to be over `limit`. Labels are at most 64
 * characters, so the table is small.
 */
const editDistance = (a: string, b: string, limit: number): number => {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      const isSwap = i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1];
      if (isSwap) best = Math.min(best, beforePrevious[j - 2]! + 1);
      row.push(best);
    }
    if (Math.min(...row) > limit) return limit + 1;
    beforePrevious = previous;
    previous = row;
  }
  return previous[right.length]!;
};

/** The field label a mistyped one most likely meant, if one is close enough to guess. */
export const closestLabel = (label: string, labels: readonly string[]): string | undefined => {
  let best: { label: string; distance: number } | undefined;
  for (const candidate of labels) {
    const limit = Math.min(suggestionDistance(label), best ? best.distance - 1 : Infinity);
    const distance = editDistance(label, candidate, limit);
    if (distance <= limit) best = { label: candidate, distance };
  }
  return best?.label;
};

/** A value sent for a label the version does not have, and the label it may have meant. */
export type UnknownLabel = { label: string; didYouMean?: string };

/** The payload's labels that the version does not have, in the payload's order. */
export const unknownLabels = (
  versionLabels: readonly string[],
  payload: Record<string, unknown>,
): UnknownLabel[] => {
  const known = new Set(versionLabels);
  const labels = [...known];
  return Object.keys(payload)
    .filter((label) => !known.has(label))
    .map((label) => {
      const didYouMean = closestLabel(label, labels);
      return didYouMean ? { label, didYouMean } : { label };
    });
};

/** `"Nmae" (did you mean "Name"?)`: how a refusal names an unknown label. */
export const describeUnknown = ({ label, didYouMean }: UnknownLabel): string =>
  didYouMean ? `"${label}" (did you mean "${didYouMean}"?)` : `"${label}"`;

/**
 * Refuses a payload that names labels the version does not have (400 `UNKNOWN_FIELDS`), each
 * with the label it may have meant: a mistyped label would otherwise leave its field blank on
 * paper without a word. `ignoreUnknownFields` is the caller's way to keep sending them.
 */
export const refuseUnknownLabels = (
  versionLabels: readonly string[],
  payload: Record<string, unknown>,
): void => {
  const unknown = unknownLabels(versionLabels, payload);
  if (unknown.length === 0) return;
  throw new AppError(
    'UNKNOWN_FIELDS',
    400,
    `These labels are not fields of this template version: ${unknown.map(describeUnknown).join(', ')}. ` +
      'Send "ignoreUnknownFields": true to have such values left out.',
    {},
    {
      fields: unknown.map((entry) => ({
        field: entry.label,
        message: entry.didYouMean
          ? `Not a field of this version. Did you mean "${entry.didYouMean}"?`
          : 'Not a field of this version.',
      })),
    },
  );
};
