import { choiceLabel, fillTemplate } from '@platen/contract';
import type { FieldSpec, FieldValue } from '@platen/pdf-engine';

/**
 * The text a field prints where a template names it: its value as it prints (already in its
 * number or date format), its default when the payload leaves it out, else nothing. A choice
 * prints its option's label, linked text its parts joined by spaces.
 */
const printedText = (field: FieldSpec, value: FieldValue | undefined): string => {
  const isEmpty = value === undefined || value === null || value === '';
  const shown = isEmpty ? field.default : value;
  if (typeof shown === 'string') {
    return field.type === 'choice' ? choiceLabel(field.options, shown) : shown;
  }
  if (typeof shown === 'number') return String(shown);
  if (Array.isArray(shown)) return shown.filter((part) => typeof part === 'string').join(' ');
  return '';
};

/**
 * Sets each template field's value to its text filled with the other fields' printed values
 * (product.md#what-is-stored "Text with placeholders"); whatever a payload sent for it is not read. A label
 * no field has (none can be saved) keeps its placeholder as written.
 */
export const fillTemplateFields = (
  fields: readonly FieldSpec[],
  values: Map<string, FieldValue>,
) => {
  const byLabel = new Map(fields.map((field) => [field.label, field]));
  const textOf = (label: string) => {
    const field = byLabel.get(label);
    return field && field.template === undefined
      ? printedText(field, values.get(label))
      : undefined;
  };
  for (const field of fields) {
    if (field.template === undefined) continue;
    const text = fillTemplate(field.template, textOf);
    // Its own format applies to what it prints, as to a typed value.
    values.set(field.label, field.format?.kind === 'uppercase' ? text.toUpperCase() : text);
  }
};
