import { z } from 'zod';
import { pageNumberSchema, rectSchema } from './template-fields.ts';

/** product.md#validation: the pictures a stamp may be made from (the server re-encodes each as PNG). */
export const stampImageTypes = [
  'image/apng',
  'image/avif',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/webp',
  'image/x-icon',
] as const;
export const MAX_STAMPS = 50;

/**
 * A static picture on a page, drawn into every document. `image` is a data: URI; leave it out
 * for a stamp that is already saved (same `id`) to keep its picture.
 */
export const stampBody = rectSchema
  .extend({
    id: z.string().max(64).optional(),
    page: pageNumberSchema,
    image: z
      .string()
      .max(8_000_000, { error: 'A stamp picture must be smaller than 6 MB.' })
      .optional(),
  })
  .meta({ id: 'StampBody' });
export type StampBody = z.input<typeof stampBody>;

export const stamp = rectSchema
  .extend({
    id: z.string(),
    page: z.number().int(),
    /** `data:image/png;base64,…` */
    image: z.string(),
  })
  .meta({ id: 'Stamp' });
export type Stamp = z.infer<typeof stamp>;
