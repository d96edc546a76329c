/**
 * The values a form already holds, kept on import (product.md#what-is-stored "Values a form holds"): a field
 * with a value or default value gets it as its `default`, printed when a payload leaves the field
 * out; a read-only field with one is `fixed`, printing it in every document and taking no value
 * from the payload (a form's pre-printed "Approved Form for Filing").
 */
import type { FoundWidget } from './acroform-widgets.ts';
import { optionValue } from './import-options.ts';
import type { FieldSpec } from './types.ts';

/** The contract's limit for a default text. */
const MAX_DEFAULT_TEXT = 10_000;

/** The option a group's stored on-state stands for: the widget that ticks it, in its group. */
const chosenOption = (widgets: readonly FoundWidget[]): string | undefined => {
  // One field's widgets share its value; sibling checkboxes each hold their own.
  const index = widgets.findIndex(
    (w) => w.formValue !== undefined && (w.onValue === undefined || w.formValue === w.onValue),
  );
  return index < 0 ? undefined : optionValue(widgets[index]!, index);
};

const defaultOf = (field: FieldSpec, widgets: readonly FoundWidget[]) => {
  const [first] = widgets;
  if (field.type === 'checkbox') return first?.formValue !== undefined ? true : undefined;
  if (field.type === 'choice') {
    const value = field.options?.some((o) => o.box)
      ? chosenOption(widgets)
      : first?.formValue?.trim();
    return field.options?.some((o) => o.value === value) ? value : undefined;
  }
  return first?.formValue?.slice(0, MAX_DEFAULT_TEXT);
};

/**
 * The field with the value its form holds as its default, and fixed when the form does not let
 * it change; a field whose form holds nothing comes back as it was.
 *
 * @example
 * withFormValue(field, widgets) // { ...field, default: 'SELF PREPARED', fixed: true }
 */
export const withFormValue = (field: FieldSpec, widgets: readonly FoundWidget[]): FieldSpec => {
  const value = defaultOf(field, widgets);
  if (value === undefined || value === '') return field;
  const isFixed = widgets.every((w) => w.isReadOnly);
  return { ...field, default: value, ...(isFixed && { fixed: true }) };
};
