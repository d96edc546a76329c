import { fillTemplate, type ChoiceOption } from '@platen/contract';

/**
 * A template field's text filled with the form's values, as the Form tab previews it: a choice
 * shows its option's label, a list its items joined by spaces, an empty value nothing. Values
 * show as typed: the server prints numbers and dates in their fields' formats (and an empty
 * value as its field's default), which the PDF shows.
 */
export const previewTemplate = (
  template: string,
  values: Readonly<Record<string, unknown>>,
  choiceFields: Readonly<Record<string, readonly ChoiceOption[]>> = {},
): string =>
  fillTemplate(template, (label) => {
    if (!Object.hasOwn(values, label)) return '';
    const value = values[label];
    if (typeof value === 'number') return String(value);
    if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(' ');
    if (typeof value !== 'string') return '';
    return choiceFields[label]?.find((option) => option.value === value)?.label ?? value;
  });
