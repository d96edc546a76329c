import type { FieldKind } from './field-kinds.ts';

/** One field of a version's payload schema: its label, the input it calls for, its options. */
export type SchemaField = {
  label: string;
  kind: FieldKind;
  /** A choice field's values (the schema's `enum`); the schema does not carry their labels. */
  options?: { value: string; label: string }[];
  /** The server's example value (the schema's `examples`), which generate accepts. */
  example?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kind a schema type calls for, for a field the example payload does not have. */
const kindOfSchema = (schema: unknown): FieldKind => {
  if (isRecord(schema) && Array.isArray(schema.enum)) return 'choice';
  if (isRecord(schema) && schema.format === 'date') return 'date';
  const types = isRecord(schema) ? [schema.type].flat() : [];
  if (types.includes('array')) return 'table'; // a table's rows (linked text says anyOf)
  if (types.includes('boolean')) return 'checkbox';
  if (types.includes('number')) return 'number';
  if (isRecord(schema) && schema.format === 'email') return 'email';
  // Image fields take a data: URI or an https:// URL, and say so with a pattern (a barcode's
  // pattern describes its data, which is text).
  if (
    isRecord(schema) &&
    typeof schema.pattern === 'string' &&
    schema.pattern.startsWith('^(data:')
  )
    return 'image';
  return 'text';
};

/** The labels of a payload JSON Schema (GET …/schema), in order, with an input kind each. */
export const schemaFields = (schema: Record<string, unknown>): SchemaField[] => {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(properties).map(([label, property]) => {
    const kind = kindOfSchema(property);
    const examples =
      isRecord(property) && Array.isArray(property.examples) ? property.examples : [];
    const field: SchemaField = {
      label,
      kind,
      ...(examples.length > 0 && { example: examples[0] }),
    };
    if (kind !== 'choice' || !isRecord(property) || !Array.isArray(property.enum)) return field;
    const values = property.enum.filter((value): value is string => typeof value === 'string');
    return { ...field, options: values.map((value) => ({ value, label: value })) };
  });
};

/**
 * The form of another version than the example payload's (a published one, or the draft): its
 * labels, with the value and kind the payload's form has for a label they share (typed values are
 * kept across a switch), and otherwise the server's example for the field (empty without one). Labels the version lacks are left out, so the
 * payload is what an integration of that version sends.
 */
export const formForVersion = (
  versionFields: readonly SchemaField[],
  form: { fields: Record<string, unknown>; kinds: Record<string, FieldKind> },
) => ({
  fields: Object.fromEntries(
    versionFields.map(({ label, kind, example }) => [
      label,
      label in form.fields
        ? form.fields[label]
        : example !== undefined
          ? example
          : kind === 'checkbox'
            ? false
            : kind === 'table'
              ? []
              : '',
    ]),
  ),
  kinds: Object.fromEntries(
    versionFields.map(({ label, kind }) => [label, form.kinds[label] ?? kind]),
  ) as Record<string, FieldKind>,
});
