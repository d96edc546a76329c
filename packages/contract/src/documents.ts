import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { languageTagSchema } from './template-fields.ts';
import { generationFields, templateNameSchema } from './templates.ts';

/** Response header carrying how each value fitted its box, as compact JSON. */
export const FIT_REPORT_HEADER = 'x-fit-report';
/** Fields whose value did not print whole (truncated, or characters no font has); absent when none. */
export const FIT_WARNINGS_HEADER = 'x-fit-warnings';

/** Response header naming what a document was filled from: a version number, or `draft`. */
export const TEMPLATE_VERSION_HEADER = 'x-template-version';

/** Request header: makes a retried call safe (the first successful answer is given again). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Response header of an answer given again for a repeated `Idempotency-Key`: `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** An `Idempotency-Key`: 1 to 255 printable ASCII characters (space to tilde). */
export const idempotencyKeySchema = z.string().regex(/^[\x20-\x7e]{1,255}$/);

/** A published version's number, or the editable draft. */
export const versionSelector = z.union([
  z.number().int().min(1).max(1_000_000),
  z.literal('draft'),
]);

/** What `ignoreUnknownFields` does, in the API document of generate and batches alike. */
export const IGNORE_UNKNOWN_FIELDS =
  'Leave out, instead of refusing with 400 `UNKNOWN_FIELDS`, values for labels the version does not have (a mistyped label is refused by default, with the closest label it may have meant).';

/** What a request's `language` does, in the API document of generate and batches alike. */
export const REQUEST_LANGUAGE =
  'The language (BCP 47: zh-Hant, zh-Hans, ja, ko, ar…) of the values of every field that sets no `language` of its own: it picks the face where scripts share characters (Traditional vs Simplified Chinese vs Japanese vs Korean Han) and the shaping language.';

/** Test-mode documents one account may make per minute (each is a full fill, not counted). */
export const TEST_DOCUMENTS_PER_MINUTE = 60;

export const generateDocumentBody = z
  .object({
    /** The template by name; or send `templateId` instead (exactly one of the two). */
    templateName: templateNameSchema.optional(),
    templateId: z.string().uuid().optional(),
    /** Pin a published version or the draft; by default the latest published version is filled. */
    version: versionSelector.optional().meta({
      description:
        'A published version number or "draft"; by default the latest published version (the draft while none is). The `fields` each version accepts: GET /v1/template/{templateName}/schema?version=n.',
    }),
    /** Values keyed by field label; see the template's `api` example. */
    fields: generationFields.default({}),
    /** Answer 422 instead of truncating text that does not fit at 6 pt. */
    strict: z.boolean().optional(),
    ignoreUnknownFields: z.boolean().optional().meta({ description: IGNORE_UNKNOWN_FIELDS }),
    /** The language of the values of fields that set none. */
    language: languageTagSchema.optional().meta({ description: REQUEST_LANGUAGE }),
    /** Test mode: filled with these values, marked SAMPLE on every page, not counted. */
    test: z
      .boolean()
      .optional()
      .meta({
        description: `Test mode: the document is filled with these fields and marked SAMPLE on every page, and is not counted against the plan (also when its documents are used up). At most ${TEST_DOCUMENTS_PER_MINUTE} a minute per account.`,
      }),
  })
  .refine((body) => (body.templateName === undefined) !== (body.templateId === undefined), {
    error: 'Send either templateName or templateId.',
    path: ['templateName'],
  })
  .meta({ id: 'GenerateDocument' });
export type GenerateDocumentBody = z.input<typeof generateDocumentBody>;

const pdfResponse = z.any().meta({
  description: `The PDF (application/pdf). The ${FIT_REPORT_HEADER} header holds JSON: for each field label, {"result": "fitted"|"shrunk"|"wrapped"|"truncated"|"missing_glyphs", "fontSize": n}, plus "missingGlyphs": [characters] and "missingCodePoints": ["U+0E01", …] when some characters of the value could not be printed by any font (result "missing_glyphs"; with strict, that is a 422 MISSING_GLYPHS instead). The ${FIT_WARNINGS_HEADER} header then counts the fields that did not print whole.`,
});

export const generateDocument = {
  method: 'POST',
  path: '/v1/document/generate/template',
  operationId: 'generateDocument',
  noStore: true,
  summary: 'Generate a filled PDF from a template (x-api-key); counts one document',
  tag: 'Documents',
  auth: 'apiKey',
  body: generateDocumentBody,
  response: pdfResponse,
  csrf: false,
  produces: 'application/pdf',
  idempotent: true,
  respondAsync: true,
  headers: [
    'x-fit-report',
    'x-fit-warnings',
    'x-template-version',
    'idempotent-replayed',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ],
  // 503: the PDF workers failed (not the document), with Retry-After.
  errors: [402, 404, 409, 422, 429, 503],
} as const satisfies Endpoint;

export const tryoutDocument = {
  method: 'POST',
  path: '/v1/document/tryout/template',
  operationId: 'tryoutDocument',
  noStore: true,
  summary:
    'Generate a SAMPLE-marked PDF of the draft from its example payload (not counted; generate keeps filling the published version)',
  tag: 'Documents',
  auth: 'bearer',
  body: z.object({ templateName: templateNameSchema }),
  response: pdfResponse,
  produces: 'application/pdf',
  headers: ['x-fit-report', 'x-fit-warnings', 'x-template-version'],
  errors: [404, 422, 429, 503],
} as const satisfies Endpoint;
