import { z } from 'zod';

/**
 * How a field changed from one published version to the next. Removals, renames, type changes,
 * a choice's options taken away, a barcode's symbology changed, a table's columns removed or
 * renamed, and a field that now prints a template instead of taking a value are `breaking`: a
 * payload built for the older version would
 * lose values or be refused.
 */
export const fieldChange = z
  .object({
    kind: z.enum([
      'added',
      'removed',
      'renamed',
      'typeChanged',
      'moved',
      'resized',
      'optionsRemoved',
      'symbologyChanged',
      'becameTemplate',
      'columnsRemoved',
    ]),
    label: z.string(),
    /** `renamed`: the label before. */
    previousLabel: z.string().optional(),
    type: z.string(),
    /** `typeChanged`: the type before. */
    previousType: z.string().optional(),
    /** `optionsRemoved`: the values a choice no longer accepts. */
    removedOptions: z.array(z.string()).optional(),
    /** `symbologyChanged`: the barcode's symbology before (and `symbology` after). */
    previousSymbology: z.string().optional(),
    symbology: z.string().optional(),
    /** `columnsRemoved`: the column labels a table no longer has (a renamed column's old one). */
    removedColumns: z.array(z.string()).optional(),
    breaking: z.boolean(),
  })
  .meta({ id: 'FieldChange' });
export type FieldChange = z.infer<typeof fieldChange>;
