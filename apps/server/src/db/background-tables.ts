import type { Generated } from 'kysely';

/*
 * Row types of the work done after a request has been answered: batch jobs and account exports,
 * and webhook events with their deliveries. The conventions of tables.ts hold here too.
 */

export type JobKind = 'batch' | 'account_export';

/** A batch job (migration 0011): its items, where it stands, and its results. */
export type JobTable = {
  id: string;
  user_id: string;
  /** A batch of documents, or an export of the account's data (migration 0013). */
  kind: Generated<JobKind>;
  /** Null once the template is deleted: its jobs and their results stay until they expire. */
  template_id: string | null;
  template_name: string;
  /** A published version's number; null: the draft at `draft_revision`. */
  version: number | null;
  draft_revision: number | null;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  output: 'zip' | 'merged' | 'both';
  file_name: string | null;
  strict: number;
  metadata_json: string | null;
  /** The language (BCP 47) of fields that set none, for every item; null: none given (0017). */
  language: string | null;
  /** JSON array of the items' values. */
  items_json: string;
  total: number;
  done: number;
  failed: number;
  /** JSON array of the first failures: { index, field, code, message }. */
  failures_json: string | null;
  /**
   * Goes up with every try and every resumption after the job stepped aside; only the current
   * one writes progress and the end. Tries are `attempt - yields` (migration 0016).
   */
  attempt: number;
  yields: Generated<number>;
  /** JSON { code, message, stage }: why the last try failed, or why the job did. */
  error_json: Generated<string | null>;
  /** JSON array of { kind, key, bytes }. */
  results_json: string | null;
  reserved_at: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
};

/** A recorded chunk of a batch (migration 0016): its counts and its parts of the job's files. */
export type JobChunkTable = {
  job_id: string;
  chunk: number;
  done: number;
  failed: number;
  failures_json: string | null;
  parts_json: string;
};

/** A URL an account's events are sent to (migration 0012). */
export type WebhookEndpointTable = {
  id: string;
  user_id: string;
  url: string;
  description: string;
  /** JSON array of event types. */
  events_json: string;
  enabled: number;
  /** 1 after a delivery failed its last try, until one succeeds. */
  failing: number;
  secret_encrypted: string;
  created_at: string;
};

/** A secret a rotation replaced (migration 0015): it signs too until `expires_at`. */
export type WebhookRotatedSecretTable = {
  id: string;
  endpoint_id: string;
  secret_encrypted: string;
  expires_at: string;
};

/** An event to report (the outbox), written in the transaction of the change. */
export type WebhookEventTable = {
  id: string;
  user_id: string;
  type: string;
  data_json: string;
  created_at: string;
};

/** One event to one endpoint: the queue's truth and the log's line. */
export type WebhookDeliveryTable = {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt: number;
  next_attempt_at: string | null;
  lease_token: string | null;
  lease_expires_at: string | null;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
};
