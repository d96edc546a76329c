import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { generationFields, templateNameSchema } from './templates.ts';

/** Response header carrying how each value fitted its box, as compact JSON. */
export const FIT_REPORT_HEADER = 'x-fit-report';

export const generateDocumentBody = z
  .object({
    templateName: templateNameSchema,
    /** Values keyed by field label; see the template's `api` example. */
    fields: generationFields.default({}),
    /** Answer 422 instead of truncating text that does not fit at 6 pt. */
    strict: z.boolean().optional(),
  })
  .meta({ id: 'GenerateDocument' });
export type GenerateDocumentBody = z.input<typeof generateDocumentBody>;

const pdfResponse = z.any().meta({
  description: `The PDF (application/pdf). The ${FIT_REPORT_HEADER} header holds JSON: for each field label, {"result": "fitted"|"shrunk"|"wrapped"|"truncated", "fontSize": n}, plus "missingGlyphs": [characters] when some characters of the value could not be printed by any font (with strict, that is a 422 MISSING_GLYPHS instead).`,
});

export const generateDocument = {
  method: 'POST',
  path: '/v1/document/generate/template',
  operationId: 'generateDocument',
  summary: 'Generate a filled PDF from a template (x-api-key); counts one document',
  tag: 'Documents',
  auth: 'apiKey',
  body: generateDocumentBody,
  response: pdfResponse,
  csrf: false,
  produces: 'application/pdf',
  headers: ['x-fit-report', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
  errors: [402, 404, 422, 429],
} as const satisfies Endpoint;

export const tryoutDocument = {
  method: 'POST',
  path: '/v1/document/tryout/template',
  operationId: 'tryoutDocument',
  summary: "Generate a SAMPLE-marked PDF from the template's example payload (not counted)",
  tag: 'Documents',
  auth: 'bearer',
  body: z.object({ templateName: templateNameSchema }),
  response: pdfResponse,
  produces: 'application/pdf',
  headers: ['x-fit-report'],
  errors: [404, 422, 429],
} as const satisfies Endpoint;
