import { z } from 'zod';

/**
 * A schema as JSON Schema, inline: what a request sends (`input`) or an answer holds. Parts with
 * an id of their own (`.meta({ id })`) are referred to in the document's components, where the
 * generated document keeps every such schema, instead of in `$defs` of their own.
 */
export const jsonSchemaOf = (
  schema: z.ZodType,
  io: 'input' | 'output' = 'input',
): Record<string, unknown> => {
  const generated = JSON.stringify(z.toJSONSchema(schema, { io }), (key, value: unknown) =>
    key === '$schema' || key === '$defs' ? undefined : value,
  );
  return JSON.parse(generated.replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<
    string,
    unknown
  >;
};
