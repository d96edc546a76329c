import { fillTemplate, type ChoiceOption } from '@platen/contract';

/**
 * A template field's text filled with the form's values, as the Form tab previews it and the
 * document prints it: a choice shows its option's label, a value of a formatted field its
 * printed form (`print`), a list its items joined by spaces, an empty value nothing. (The
 * document prints an empty value as its field's default, which the preview leaves out.)
 */
export const previewTemplate = (
  template: string,
  values: Readonly<Record<string, unknown>>,
  choiceFields: Readonly<Record<string, readonly ChoiceOption[]>> = {},
  print: (label: string, value: unknown) => unknown = (_, value) => value,
): string =>
  fillTemplate(template, (label) => {
    if (!Object.hasOwn(values, label)) return '';
    const value = values[label];
    const option = choiceFields[label]?.find((o) => o.value === value);
    if (option) return option.label;
    const printed = print(label, value);
    if (typeof printed === 'number') return String(printed);
    if (Array.isArray(printed)) return printed.filter((item) => typeof item === 'string').join(' ');
    return typeof printed === 'string' ? printed : '';
  });
