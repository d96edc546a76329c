/**
 * The shapes of versions, batches, jobs and webhooks, spelled out like `types.ts` (and checked
 * against the contract by `contract-types.test.ts`).
 */
import type { FieldValues, FieldInput, Field } from './types.ts';

/** A change a version made to one field; `breaking` ones break payloads sent before. */
export type FieldChange = {
  kind:
    | 'added'
    | 'removed'
    | 'renamed'
    | 'typeChanged'
    | 'moved'
    | 'resized'
    | 'optionsRemoved'
    | 'symbologyChanged'
    /** A field that now prints a template: it left the payload (breaking). */
    | 'becameTemplate'
    | 'columnsRemoved';
  label: string;
  previousLabel?: string;
  type: string;
  previousType?: string;
  removedOptions?: string[];
  /** `symbologyChanged`: a barcode's symbology before and after (breaking). */
  previousSymbology?: string;
  symbology?: string;
  /** `columnsRemoved`: the columns a table no longer has, a renamed one's old label (breaking). */
  removedColumns?: string[];
  breaking: boolean;
};

export type TemplateVersionSummary = {
  version: number;
  publishedAt: string;
  /** The e-mail address of who published it (or that the API key did). */
  publishedBy: string;
  note: string;
  fieldCount: number;
  changes: FieldChange[];
};

/** A published version, read-only. */
export type TemplateVersion = TemplateVersionSummary & {
  templateName: string;
  inputs: Field[];
  /** The default language the version was published with; absent when none. */
  language?: string;
  pages: { page: number; width: number; height: number }[];
  /** Base64 PNG of page 1. */
  thumbnail: string;
  /** A generate payload that fills this version. */
  api: { templateName: string; version: number; fields: Record<string, unknown> };
};

export type PublishOptions = {
  note?: string;
  /** Publish even though fields were removed, renamed or changed type. */
  acceptBreaking?: boolean;
  /** The draft revision this publish was decided on; a stale one is refused (EDIT_CONFLICT). */
  revision?: number;
};

/** Replaces a template's fields (and, when given, its stamps). */
export type SaveTemplateOptions = {
  stamps?: unknown[];
  /** The revision the edit started from; a stale one is refused with 409 EDIT_CONFLICT. */
  revision?: number;
  /**
   * The template's default language (BCP 47) for fields that set none when a call gives none;
   * left out keeps the saved one, null clears it.
   */
  language?: string | null;
};
export type { FieldInput };

export type BatchOutput = 'zip' | 'merged' | 'both';

export type BatchInput = {
  templateName: string;
  /** Each item is one document's values by field label. */
  items: FieldValues[];
  /** A published version's number, or `'draft'`; by default the latest published version. */
  version?: number | 'draft';
  output?: BatchOutput;
  /** Name of each PDF in the ZIP: `{label}` takes the item's value, `{index}` its position. */
  fileName?: string;
  /** Returned with the job as it was sent (at most 16 KB of JSON). */
  metadata?: Record<string, unknown>;
  strict?: boolean;
  /** Leave out values whose label the version does not have, instead of refusing the batch. */
  ignoreUnknownFields?: boolean;
  /** The language (BCP 47) of the values of fields that set none of their own, in every item. */
  language?: string;
};

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export type JobResult = {
  kind: 'zip' | 'merged';
  /** Authenticated like the job (the API key). */
  url: string;
  /** Works without credentials until `signedUrlExpiresAt`. */
  signedUrl: string;
  signedUrlExpiresAt: string;
  bytes: number;
};

export type Job = {
  id: string;
  status: JobStatus;
  templateId: string | null;
  templateName: string;
  version: number | 'draft';
  output: BatchOutput;
  progress: { done: number; total: number; failed: number };
  /** Items that produced no document (the first 100). */
  failures: { index: number; field: string | null; code: string; message: string }[];
  attempt: number;
  /** Why the job failed as a whole, or why its last try failed while it is tried again. */
  error: { code: string; message: string; stage: 'documents' | 'results' } | null;
  metadata: Record<string, unknown> | null;
  /** The batch's language, or null when it gave none. */
  language: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null;
  results: JobResult[];
  statusUrl: string;
};

export type WebhookEventType =
  | 'job.succeeded'
  | 'job.failed'
  | 'job.canceled'
  | 'template.published'
  | 'subscription.updated'
  | 'usage.limit_near'
  | 'usage.limit_reached';

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** True after a delivery failed its last try; the next success clears it. */
  failing: boolean;
  createdAt: string;
  previousSecretExpiresAt: string | null;
};

/** An endpoint with its signing secret: answered once, at creation and after a rotation. */
export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

export type WebhookEndpointInput = {
  url: string;
  events: WebhookEventType[];
  description?: string;
};

export type WebhookDelivery = {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt: number;
  statusCode: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The body of every delivery; de-duplicate by `id` (a delivery may arrive more than once). */
export type WebhookEvent = {
  id: string;
  type: string;
  created: string;
  data: Record<string, unknown>;
};
