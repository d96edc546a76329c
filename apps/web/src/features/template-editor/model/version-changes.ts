import { fieldTypes, type FieldChange, type FieldType } from '@platen/contract';
import { FIELD_TYPE_LABELS } from './commands.ts';

/** A field type as the editor names it; changes carry it in either case ('TEXT' or 'text'). */
export const typeLabel = (type: string): string => {
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
  moved: 'moved',
  resized: 'resized',
};

/** The history's one-line summary: "2 added · 1 renamed", breaking kinds first. */
export const summarizeChanges = (changes: readonly FieldChange[]): string => {
  const counts = new Map<FieldChange['kind'], number>();
  const ordered = [...changes].sort((a, b) => Number(b.breaking) - Number(a.breaking));
  for (const change of ordered) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  if (counts.size === 0) return 'No field changes';
  return [...counts].map(([kind, count]) => `${count} ${KIND_WORDS[kind]}`).join(' · ');
};

/** Breaking changes first, so the dialog leads with what needs a decision. */
export const breakingFirst = (changes: readonly FieldChange[]): FieldChange[] =>
  [...changes].sort((a, b) => Number(b.breaking) - Number(a.breaking));
