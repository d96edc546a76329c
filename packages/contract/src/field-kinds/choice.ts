// The choice field kind: what its values are, how they are described and when a change of its
// options breaks payloads. Its options' schemas stay in template-fields.ts, beside the box schema
// they use. The server's checks, payload schema and API example read these
// (docs/conventions.md#layout).
import type { FieldChange } from '../field-change.ts';

type Option = { value: string; label: string };

/** How many allowed values an error message lists before it says how many more there are. */
const LISTED_VALUES = 20;

/**
 * The values a choice accepts, for a person reading an error: `one of "a", "b" or "c"`.
 *
 * @example
 * describeChoiceOptions([{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }]) // 'one of "r" or "g"'
 */
export const describeChoiceOptions = (options: readonly Option[]): string => {
  const quoted = options.slice(0, LISTED_VALUES).map((option) => JSON.stringify(option.value));
  const more = options.length - quoted.length;
  if (more > 0) return `one of ${quoted.join(', ')} and ${more} more`;
  if (quoted.length < 2) return quoted[0] ?? 'no value (the field has no options)';
  return `one of ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}`;
};

/** Whether a payload's value is one the choice accepts (empty text prints nothing). */
export const isChoiceValue = (options: readonly Option[] | undefined, value: unknown) =>
  value === '' || (options ?? []).some((option) => option.value === value);

/**
 * What a choice prints where a template names it: its option's label, or the value as sent.
 *
 * @example
 * choiceLabel([{ value: 'r', label: 'Red' }], 'r') // 'Red'
 */
export const choiceLabel = (options: readonly Option[] | undefined, value: string) =>
  options?.find((option) => option.value === value)?.label ?? value;

/** The API example's value: the first option's. */
export const exampleChoiceValue = (options: readonly Option[] | undefined) =>
  options?.[0]?.value ?? null;

/** What generate accepts for a choice field, as a JSON Schema (null prints nothing). */
export const choicePayloadSchema = (options: readonly Option[] = []) => ({
  enum: [...options.map((option) => option.value), null],
  description: `One of: ${options.map((o) => (o.label === o.value ? o.value : `${o.value} (${o.label})`)).join(', ')}.`,
});

type DiffedChoice = { type: string; options?: readonly { value: string }[] | undefined };
const isChoice = (field: DiffedChoice) => field.type.toLowerCase() === 'choice';

/**
 * Values a choice accepted before and no longer does: a payload sending one is refused, so the
 * change breaks payloads.
 */
export const optionsRemovedChange = (
  before: DiffedChoice,
  after: DiffedChoice & { label: string },
): FieldChange | undefined => {
  if (!isChoice(before) || !isChoice(after)) return undefined;
  const kept = new Set((after.options ?? []).map((option) => option.value));
  const removedOptions = (before.options ?? [])
    .map((option) => option.value)
    .filter((value) => !kept.has(value));
  if (removedOptions.length === 0) return undefined;
  return {
    kind: 'optionsRemoved',
    label: after.label,
    type: after.type,
    removedOptions,
    breaking: true,
  };
};
