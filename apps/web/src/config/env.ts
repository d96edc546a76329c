import { z } from 'zod';

/** Build-time settings (Vite's import.meta.env), read once here and nowhere else. */
const envSchema = z.object({
  /** Shown in the header when a page has no title of its own, and in the footer. */
  VITE_PRODUCT_NAME: z.string().min(1).default('Platen'),
  /** Where the API's documentation lives (the side panel links to it). */
  VITE_API_DOCS_URL: z.string().min(1).default('/docs'),
});

export const env = envSchema.parse(import.meta.env);
