import type { TemplateInput } from '@platen/contract';

/**
 * Under a field's input in the Form tab, the value the field prints when a request leaves it
 * out: an imported form's own value, or the default set in the editor. The form starts from it,
 * so without the note a user could not tell it from an example. A fixed field takes no value
 * and has no input; an empty default prints nothing and says nothing.
 *
 * @example
 * defaultNote({ type: 'TEXT', default: 'AP', … }) // 'Default: AP. Printed when a request leaves this field out.'
 */
export const defaultNote = (
  input: Pick<TemplateInput, 'type' | 'default' | 'fixed' | 'options'>,
): string | undefined => {
  const value = input.default;
  if (value === undefined || value === '' || input.fixed) return undefined;
  const shown =
    typeof value === 'boolean'
      ? value
        ? 'ticked'
        : 'not ticked'
      : (input.options?.find((option) => option.value === value)?.label ?? value);
  return `Default: ${shown}. Printed when a request leaves this field out.`;
};
