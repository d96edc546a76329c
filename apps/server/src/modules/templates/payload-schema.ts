import { barcodePayloadSchema, choicePayloadSchema, MAX_TABLE_ROWS } from '@platen/contract';
import { repeatsInBoxes, type FieldSpec } from '@platen/pdf-engine';
import { exampleValue } from './api-example.ts';
import { takesPayloadValue } from './template-text.ts';
import { describeFormat } from './value-formats.ts';

type JsonSchema = Record<string, unknown>;

/**
 * What generate accepts for each field type (`documents/field-values.ts` is the check itself):
 * null or a missing value prints nothing, so every type also takes null and no field is required.
 */
const schemaOf = (field: FieldSpec): JsonSchema => {
  if (field.format?.kind === 'date') {
    return { type: ['string', 'null'], format: 'date', description: describeFormat(field.format) };
  }
  if (field.format?.kind === 'number') {
    return {
      type: ['number', 'string', 'null'],
      pattern: '^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$',
      description: describeFormat(field.format),
    };
  }
  switch (field.type) {
    case 'choice':
      return choicePayloadSchema(field.options);
    case 'checkbox':
    case 'radio':
      return { type: ['boolean', 'null'] };
    case 'number':
      return { type: ['number', 'string', 'null'] };
    case 'linked_text':
      return {
        anyOf: [
          { type: ['string', 'null'] },
          { type: 'array', items: { type: 'string' }, maxItems: 100 },
        ],
      };
    case 'image':
      return {
        type: ['string', 'null'],
        pattern: '^(data:|https://|$)',
        description: field.signature
          ? 'A signature: a data: URI or an https:// URL of a picture, best a PNG of ink on a transparent background.'
          : 'A data: URI or an https:// URL of a picture.',
      };
    case 'barcode':
      return barcodePayloadSchema(field.barcode);
    case 'table':
      return tableSchema(field);
    case 'email':
      // An annotation only: any text is printed as it is.
      return { type: ['string', 'null'], format: 'email' };
    case 'date':
      return { type: ['string', 'null'], description: 'Printed as sent.' };
    default:
      return { type: ['string', 'null'] };
  }
};

/** A column's cells: text, or a number or ISO date in the column's format. */
const cellSchema = (column: NonNullable<FieldSpec['table']>['columns'][number]): JsonSchema => {
  const { format } = column;
  if (format?.kind === 'number' || format?.kind === 'date') {
    return { ...schemaOf({ format } as FieldSpec), description: describeFormat(format) };
  }
  return {
    type: ['string', 'number', 'null'],
    ...(format && { description: describeFormat(format) }),
  };
};

/** A list of rows, each an object with a property per column and no other. */
const tableSchema = (field: FieldSpec): JsonSchema => {
  const columns = field.table?.columns ?? [];
  return {
    type: ['array', 'null'],
    maxItems: MAX_TABLE_ROWS,
    items: {
      type: 'object',
      properties: Object.fromEntries(columns.map((column) => [column.label, cellSchema(column)])),
      additionalProperties: false,
    },
    description: `Rows of the table, each an object with the columns ${columns.map((c) => c.label).join(', ')}. Rows that do not fit the box continue on a repeated page.`,
  };
};

/** Where a field prints its value when it has several boxes: what the payload writer must know. */
const boxesNote = (field: FieldSpec): string => {
  if (!field.boxes || field.boxes.length < 2) return '';
  const pages = [...new Set(field.boxes.map((box) => box.page))].join(', ');
  const where = `${field.boxes.length} boxes (page${pages.includes(',') ? 's' : ''} ${pages})`;
  if (field.type === 'linked_text') return ` Flows through its ${where} in order.`;
  return repeatsInBoxes(field) ? ` Printed whole in each of its ${where}.` : '';
};

/** The description of a field: its type, then what its format and boxes add. */
const describeField = (field: FieldSpec, own: unknown): string => {
  const base = `A ${field.type} field.${field.format?.kind === 'uppercase' ? ` ${describeFormat(field.format)}` : ''}`;
  return `${typeof own === 'string' ? own : base}${boxesNote(field)}`;
};

/** Fields whose characters past `maxLength` the document cannot hold (a comb's cells, say). */
const CUT_TO_MAX_LENGTH = new Set<FieldSpec['type']>(['text', 'long_text', 'email']);

/**
 * The JSON Schema (2020-12) of the `fields` object generate takes for these fields, complete
 * enough to validate a payload before sending it: generate refuses labels the version does not
 * have (unless told `ignoreUnknownFields`), so no other property is allowed. A fixed field and a
 * field that prints a template (text with placeholders) take no value and are left out; a field with a default lists it as `default`.
 */
export const payloadSchema = (
  fields: readonly FieldSpec[],
  about: { templateName: string; version: number | 'draft' },
): JsonSchema => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: `${about.templateName} (${about.version === 'draft' ? 'draft' : `version ${about.version}`})`,
  type: 'object',
  properties: Object.fromEntries(
    fields.filter(takesPayloadValue).map((field) => {
      const schema = schemaOf(field);
      const description = describeField(field, schema.description);
      return [
        field.label,
        {
          ...schema,
          // The field's own words first (a form's tooltip), then what the schema says of it.
          description: field.description ? `${field.description}\n\n${description}` : description,
          // The web app's form prefills a version's fields from these, as the API tab shows them.
          examples: [exampleValue(field)],
          ...(field.maxLength !== undefined &&
            CUT_TO_MAX_LENGTH.has(field.type) && { maxLength: field.maxLength }),
          ...(field.default !== undefined && { default: field.default }),
        },
      ];
    }),
  ),
  additionalProperties: false,
});
