import { PAGE_NUMBER_LABELS, placeholderLabels, templateFieldTypes } from '@platen/contract';
import type { FieldSpec } from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';

/*
 * Fields that print a template (`Dear {First name},`) instead of taking a value, and image fields
 * offered as a signature pad: what a save accepts of them. The text is filled on generate
 * (documents/template-values.ts), with the contract's placeholders.ts reading it.
 */

const invalid = (message: string) => new AppError('INVALID_FIELDS', 400, message);

/** Field types whose printed value is text a placeholder can repeat. */
const PRINTS_TEXT = new Set<FieldSpec['type']>([
  'text',
  'long_text',
  'linked_text',
  'date',
  'number',
  'email',
  'choice',
  'barcode',
]);

/** Whether a payload carries a value for the field: not when it prints its default or a template. */
export const takesPayloadValue = (field: Pick<FieldSpec, 'fixed' | 'template'>) =>
  !field.fixed && field.template === undefined;

/**
 * Refuses a template on a field that cannot hold one and a signature pad on a field that is not
 * an image; a template's field needs no default (the template is what it prints).
 */
export const checkTemplateOptions = (input: {
  label: string;
  fieldType: FieldSpec['type'];
  template?: string | undefined;
  signature?: boolean | undefined;
  fixed?: boolean | undefined;
}) => {
  const holdsTemplate = (templateFieldTypes as readonly string[]).includes(input.fieldType);
  if (input.template !== undefined && !holdsTemplate) {
    throw invalid(
      `The field "${input.label}" is a ${input.fieldType} field: only text and long text fields print a template.`,
    );
  }
  if (input.template !== undefined && input.fixed) {
    throw invalid(`The field "${input.label}" prints a template, so it cannot also be fixed.`);
  }
  if (input.signature && input.fieldType !== 'image') {
    throw invalid(
      `The field "${input.label}" is a ${input.fieldType} field: only image fields take a signature.`,
    );
  }
};

/**
 * Every label a template names must be another field of the template that prints text and takes
 * no template itself (a template filled from templates could loop): refused on save, naming the
 * field and the label, rather than printing a wrong letter in every document.
 */
export const checkTemplateLabels = (fields: readonly FieldSpec[]) => {
  const byLabel = new Map(fields.map((field) => [field.label, field]));
  for (const field of fields) {
    if (field.template === undefined) continue;
    for (const label of placeholderLabels(field.template)) {
      const named = byLabel.get(label);
      if (!named && PAGE_NUMBER_LABELS.includes(label)) continue;
      const refusal = !named
        ? 'which is not a field of this template'
        : named === field
          ? 'which is the field itself'
          : named.template !== undefined
            ? 'which prints a template itself'
            : !PRINTS_TEXT.has(named.type)
              ? `which is a ${named.type} field and prints no text`
              : undefined;
      if (refusal) {
        throw invalid(`The template of the field "${field.label}" names "${label}", ${refusal}.`);
      }
    }
  }
};
