import { z } from 'zod';
import { IGNORE_UNKNOWN_FIELDS, REQUEST_LANGUAGE, versionSelector } from './documents.ts';
import type { Endpoint } from './endpoint.ts';
import { itemError } from './errors.ts';
import { pageInfo, pageQuery } from './paging.ts';
import { languageTagSchema } from './template-fields.ts';
import { generationFields, templateNameSchema } from './templates.ts';

/** Rows one batch may hold. */
export const MAX_BATCH_ITEMS = 10_000;

/** Largest batch body, in bytes. */
export const MAX_BATCH_BODY_BYTES = 50 * 1024 * 1024;

/** Request header asking generate for a job instead of the PDF (`respond-async`). */
export const PREFER_HEADER = 'prefer';

/** Whether a `Prefer` header's value asks for `respond-async` (among other preferences). */
export const asksRespondAsync = (prefer: string | string[] | undefined): boolean =>
  /(^|[,;\s])respond-async([,;\s]|$)/i.test(String(prefer ?? ''));

/**
 * What a batch produces: a ZIP of one PDF per item, one PDF of all items in order, or both.
 */
export const batchOutput = z.enum(['zip', 'merged', 'both']);
export type BatchOutput = z.infer<typeof batchOutput>;

/** A result's kind as its download path names it. */
export const jobResultKind = z.enum(['zip', 'merged']);
export type JobResultKind = z.infer<typeof jobResultKind>;

export const jobStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']);
export type JobStatus = z.infer<typeof jobStatus>;

/** Placeholders of a file name pattern: `{label}` of an item's values, and `{index}` (1-based). */
export const FILE_NAME_PLACEHOLDER = /\{([^{}]{1,100})\}/g;

export const createBatchBody = z
  .object({
    templateName: templateNameSchema.optional(),
    templateId: z.string().uuid().optional(),
    version: versionSelector.optional().meta({
      description:
        'A published version number or "draft"; by default the latest published version (the draft while none is).',
    }),
    items: z
      .array(generationFields)
      .min(1, { error: 'Send at least one item.' })
      .max(MAX_BATCH_ITEMS, { error: `A batch holds at most ${MAX_BATCH_ITEMS} items.` })
      .meta({
        description: "Each item is one document's values by field label, as generate's `fields`.",
      }),
    output: batchOutput.default('zip'),
    fileName: z.string().trim().min(1).max(200).optional().meta({
      description:
        "Name of each PDF in the ZIP, with `{label}` replaced by the item's value and `{index}` by its position from 1, e.g. `invoice-{number}.pdf`. Characters not allowed in file names on Windows, macOS or Linux become `_`, invisible ones (bidi controls, zero-width) are dropped, a Windows device name such as `CON` gets `_`, and a name is cut to 200 bytes of UTF-8; names equal ignoring case get `-2`, `-3`…",
    }),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'Returned with the job as it was sent (at most 16 KB of JSON).' }),
    strict: z.boolean().optional(),
    ignoreUnknownFields: z.boolean().optional().meta({ description: IGNORE_UNKNOWN_FIELDS }),
    language: languageTagSchema
      .optional()
      .meta({ description: `${REQUEST_LANGUAGE} It holds for every item.` }),
  })
  .refine((body) => (body.templateName === undefined) !== (body.templateId === undefined), {
    error: 'Send either templateName or templateId.',
    path: ['templateName'],
  })
  .refine((body) => body.metadata === undefined || JSON.stringify(body.metadata).length <= 16_384, {
    error: 'metadata may hold at most 16 KB of JSON.',
    path: ['metadata'],
  })
  .meta({ id: 'CreateBatch' });
export type CreateBatchBody = z.input<typeof createBatchBody>;

/** One item that produced no document, and why. */
export const jobItemFailure = itemError;
export type JobItemFailure = z.infer<typeof jobItemFailure>;

/** Why a job failed as a whole, or why its last try did while it is tried again. */
export const jobError = z
  .object({
    /** RESULT_STORE_UNAVAILABLE, DATABASE_UNAVAILABLE, JOB_INTERRUPTED or INTERNAL_ERROR. */
    code: z.string(),
    message: z.string(),
    /** Making the documents (in chunks), or putting the job's files together from them. */
    stage: z.enum(['documents', 'results']),
  })
  .meta({ id: 'JobError' });
export type JobError = z.infer<typeof jobError>;

export const jobResult = z.object({
  kind: jobResultKind,
  /** Authenticated like the job (x-api-key or the session). */
  url: z.string(),
  /** Works without credentials until `signedUrlExpiresAt`. */
  signedUrl: z.string(),
  signedUrlExpiresAt: z.string(),
  bytes: z.number().int(),
});
export type JobResult = z.infer<typeof jobResult>;

export const job = z
  .object({
    id: z.string().uuid(),
    status: jobStatus,
    /** Null once the template was deleted (the job and its results stay until they expire). */
    templateId: z.string().uuid().nullable(),
    templateName: z.string(),
    /** What the items were filled from: a published version's number, or `draft`. */
    version: versionSelector,
    output: batchOutput,
    progress: z.object({
      /** Items finished, produced or failed. */
      done: z.number().int(),
      total: z.number().int(),
      failed: z.number().int(),
    }),
    /** Items that produced no document (the first 100). */
    failures: z.array(jobItemFailure),
    /** Tries so far: a try ends when its server stops or the job cannot be stored (at most 3). */
    attempt: z.number().int(),
    /**
     * Why the job failed as a whole (status `failed` with items not all failed), or, while it
     * runs, why its last try failed before it is tried again; null otherwise.
     */
    error: jobError.nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    /** The batch's `language` (canonical spelling), or null when it gave none. */
    language: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** When the results are deleted. */
    expiresAt: z.string().nullable(),
    results: z.array(jobResult),
    statusUrl: z.string(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof job>;

export const jobIdParams = z.object({ id: z.string().uuid() });

export const createBatch = {
  method: 'POST',
  path: '/v1/document/batch',
  operationId: 'createBatch',
  summary: 'Start a batch: one document per item, as a ZIP and/or one merged PDF (202, a job)',
  tag: 'Jobs',
  auth: 'apiKeyOrBearer',
  // A job's results carry signed links, which work without credentials: no cache keeps them.
  noStore: true,
  body: createBatchBody,
  response: job,
  status: 202,
  idempotent: true,
  errors: [402, 404, 409, 422, 429],
} as const satisfies Endpoint;

export const getJob = {
  method: 'GET',
  path: '/v1/jobs/:id',
  operationId: 'getJob',
  summary: "A job's status, progress, failures and results",
  tag: 'Jobs',
  auth: 'apiKeyOrBearer',
  // A job's results carry signed links, which work without credentials: no cache keeps them.
  noStore: true,
  params: jobIdParams,
  response: job,
  errors: [404],
} as const satisfies Endpoint;

export const listJobsQuery = pageQuery('jobs', 20).extend({
  templateName: templateNameSchema.optional(),
});

export const listJobs = {
  method: 'GET',
  path: '/v1/jobs',
  operationId: 'listJobs',
  summary: "The account's jobs, newest first (paged; optionally one template's)",
  tag: 'Jobs',
  auth: 'apiKeyOrBearer',
  // A job's results carry signed links, which work without credentials: no cache keeps them.
  noStore: true,
  query: listJobsQuery,
  response: z.object({
    jobs: z.array(job),
    ...pageInfo,
  }),
} as const satisfies Endpoint;

export const cancelJob = {
  method: 'DELETE',
  path: '/v1/jobs/:id',
  operationId: 'cancelJob',
  summary: 'Cancel a queued or running job; documents not produced are given back',
  tag: 'Jobs',
  auth: 'apiKeyOrBearer',
  // A job's results carry signed links, which work without credentials: no cache keeps them.
  noStore: true,
  params: jobIdParams,
  response: job,
  errors: [404, 409],
} as const satisfies Endpoint;

export const jobResultQuery = z.object({
  /** Signed access without credentials: expiry (Unix seconds) and signature. */
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(200).optional(),
});

export const downloadJobResult = {
  method: 'GET',
  path: '/v1/jobs/:id/results/:kind',
  operationId: 'downloadJobResult',
  summary: "Download a job's ZIP or merged PDF (credentials, or the signed URL's query)",
  tag: 'Jobs',
  auth: 'apiKeyOrBearer',
  noStore: true,
  params: jobIdParams.extend({ kind: jobResultKind }),
  query: jobResultQuery,
  response: z
    .any()
    .meta({ description: 'The ZIP (application/zip) or the PDF (application/pdf).' }),
  produces: ['application/zip', 'application/pdf'],
  headers: ['content-disposition'],
  errors: [404],
} as const satisfies Endpoint;
