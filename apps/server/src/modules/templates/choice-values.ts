import type { ChoiceOption } from '@platen/pdf-engine';

/** How many allowed values an error message lists before it says how many more there are. */
const LISTED_VALUES = 20;

/**
 * The values a choice accepts, for a person reading an error: `one of "a", "b" or "c"`.
 *
 * @example
 * describeOptions([{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }]) // 'one of "r" or "g"'
 */
export const describeOptions = (options: readonly ChoiceOption[]): string => {
  const quoted = options.slice(0, LISTED_VALUES).map((option) => JSON.stringify(option.value));
  const more = options.length - quoted.length;
  if (more > 0) return `one of ${quoted.join(', ')} and ${more} more`;
  if (quoted.length < 2) return quoted[0] ?? 'no value (the field has no options)';
  return `one of ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}`;
};
