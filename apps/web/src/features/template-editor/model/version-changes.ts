import { fieldTypes, symbologyName, type FieldChange, type FieldType } from '@platen/contract';
import { FIELD_TYPE_LABELS } from './commands.ts';

/** A field type as the editor names it; changes carry it in either case ('TEXT' or 'text'). */
const typeLabel = (type: string): string => {
  const known = fieldTypes.find((t): t is FieldType => t === type.toLowerCase());
  return known ? FIELD_TYPE_LABELS[known] : type.toLowerCase();
};

/** One change in words, and for a breaking one what it does to integrations. */
export const describeChange = (change: FieldChange): { text: string; impact?: string } => {
  const label = `"${change.label}"`;
  switch (change.kind) {
    case 'added':
      return { text: `Added ${label} (${typeLabel(change.type)})` };
    case 'removed':
      return {
        text: `Removed ${label}`,
        impact: `Values sent as ${label} will be ignored.`,
      };
    case 'renamed':
      return {
        text: `Renamed "${change.previousLabel ?? ''}" to ${label}`,
        impact: `Values sent as "${change.previousLabel ?? ''}" will be ignored until integrations send ${label}.`,
      };
    case 'typeChanged':
      return {
        text: `${label} is now ${typeLabel(change.type)} (was ${typeLabel(change.previousType ?? '')})`,
        impact: 'Values sent for the old type may be refused or printed differently.',
      };
    case 'optionsRemoved': {
      const values = (change.removedOptions ?? []).map((value) => `"${value}"`).join(', ');
      return {
        text: `${label} no longer offers ${values}`,
        impact: `Payloads sending ${values} as ${label} will be refused.`,
      };
    }
    case 'symbologyChanged':
      return {
        text: `${label} now prints ${symbologyName(change.symbology)} (was ${symbologyName(change.previousSymbology)})`,
        impact: `Data sent for the ${symbologyName(change.previousSymbology)} may be refused.`,
      };
    case 'becameTemplate':
      return {
        text: `${label} now prints a template of other fields`,
        impact: `It takes no value any more: payloads sending ${label} will be refused.`,
      };
    case 'columnsRemoved': {
      const columns = (change.removedColumns ?? []).map((column) => `"${column}"`).join(', ');
      return {
        text: `${label} no longer has the column${change.removedColumns?.length === 1 ? '' : 's'} ${columns}`,
        impact: `Rows sending ${columns} in ${label} will be refused.`,
      };
    }
    case 'moved':
      return { text: `Moved ${label}` };
    case 'resized':
      return { text: `Resized ${label}` };
  }
};

const KIND_WORDS: Record<FieldChange['kind'], string> = {
  added: 'added',
  removed: 'removed',
  renamed: 'renamed',
  typeChanged: 'type changed',
  optionsRemoved: 'options removed',
  symbologyChanged: 'symbology changed',
  becameTemplate: 'now a template',
  columnsRemoved: 'columns removed',
  moved: 'moved',
  resized: 'resized',
};

/** One part of the history's summary: a kind of change, how many, and whether it breaks. */
export type SummaryPart = { text: string; isBreaking: boolean };

/**
 * The history's one-line summary in parts, breaking kinds first: "1 renamed", "2 added". A kind
 * counts as breaking only if one of its changes breaks, so "(breaking)" is said of that part alone.
 */
export const summaryParts = (changes: readonly FieldChange[]): SummaryPart[] => {
  const counts = new Map<FieldChange['kind'], { count: number; isBreaking: boolean }>();
  for (const change of breakingFirst(changes)) {
    const seen = counts.get(change.kind) ?? { count: 0, isBreaking: false };
    counts.set(change.kind, {
      count: seen.count + 1,
      isBreaking: seen.isBreaking || change.breaking,
    });
  }
  return [...counts].map(([kind, { count, isBreaking }]) => ({
    text: `${count} ${KIND_WORDS[kind]}`,
    isBreaking,
  }));
};

/** The history's one-line summary: "1 renamed (breaking) · 2 added". */
export const summarizeChanges = (changes: readonly FieldChange[]): string => {
  const parts = summaryParts(changes);
  if (parts.length === 0) return 'No field changes';
  return parts.map((part) => part.text + (part.isBreaking ? ' (breaking)' : '')).join(' · ');
};

/** Breaking changes first, so the dialog leads with what needs a decision. */
export const breakingFirst = (changes: readonly FieldChange[]): FieldChange[] =>
  [...changes].sort((a, b) => Number(b.breaking) - Number(a.breaking));
