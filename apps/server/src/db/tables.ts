import type { Generated, Kysely } from 'kysely';
import type {
  JobChunkTable,
  JobTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
  WebhookEventTable,
  WebhookRotatedSecretTable,
} from './background-tables.ts';

export type {
  JobKind,
  JobTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
  WebhookEventTable,
} from './background-tables.ts';

/*
 * Row types, one interface per table, as the database stores them. Portable choices, so one set of
 * migrations serves SQLite and PostgreSQL:
 * - ids are UUID strings made by the app (the mail outbox, which only needs an order, counts);
 * - timestamps are ISO-8601 UTC strings made by the app (fixed width, so they sort as text);
 * - booleans are integers 0/1; repositories map them to `boolean`.
 */

export type UserTable = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  title: string;
  /** Base64 PNG; empty string when the user has none. */
  profile_pic: string;
  email_confirmed: number;
  created_at: string;
  updated_at: string;
};

/** A deleted account's tombstone: its id and when, nothing that names a person. */
type DeletedAccountTable = {
  user_id: string;
  deleted_at: string;
};

/** One signed-in device: every refresh token rotated from one login belongs to one session. */
type SessionTable = {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
};

type RefreshTokenTable = {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** Single-use codes sent by e-mail: password reset links and e-mail confirmation codes. */
export type EmailCodeTable = {
  code_hash: string;
  user_id: string;
  purpose: 'password_reset' | 'email_confirmation';
  created_at: string;
  expires_at: string;
  used_at: string | null;
  failed_attempts: number;
};

type ApiKeyTable = {
  id: string;
  user_id: string;
  key_hash: string;
  /** AES-256-GCM, so the owner can reveal the key again. */
  key_encrypted: string;
  created_at: string;
};

export type PlanTable = {
  id: string;
  subscription_type: string;
  price_cents: number;
  monthly_limit: number;
  overage_price_cents: number;
  allow_overage: number;
  description: string;
  support: string;
  popular: number;
  sort_order: number;
};

export type SubscriptionTable = {
  id: string;
  user_id: string;
  plan_id: string;
  status: 'ACTIVE' | 'EXPIRED' | 'UNPAID' | 'PAST_DUE' | 'CANCELED';
  start_time: string;
  end_time: string | null;
  auto_renewal: number;
  voucher_code: string | null;
  billing_cycle_start: string;
  billing_cycle_end: string;
  pdfs_generated_this_month: number;
  last_billed_date: string | null;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  created_at: string;
  updated_at: string;
  /** When the provider's state was last read; an older read never overwrites a newer one. */
  provider_synced_at: string | null;
  /** Overage documents of this cycle already reported to the provider as metered usage. */
  overage_reported: Generated<number>;
  /** Overage documents of ended cycles not yet reported (reported with the next report). */
  overage_carried: Generated<number>;
  /** The start of the FREE cycle the account last left for another plan (null: never left). */
  free_cycle_start: string | null;
  /** Documents FREE had used in that cycle when the account left it. */
  free_cycle_used: Generated<number>;
};

/** An ended subscription, kept as EXPIRED; the account's live one is in `subscriptions`. */
type SubscriptionHistoryTable = {
  id: string;
  user_id: string;
  plan_id: string;
  status: SubscriptionTable['status'];
  start_time: string;
  end_time: string;
  voucher_code: string | null;
  provider_subscription_id: string | null;
  recorded_at: string;
};

/** Operator-made codes that grant a plan for a number of days (`npm run voucher`). */
type VoucherTable = {
  code: string;
  plan_id: string;
  days: number;
  max_uses: number;
  uses: number;
  expires_at: string | null;
  created_at: string;
};

type VoucherRedemptionTable = {
  voucher_code: string;
  user_id: string;
  redeemed_at: string;
};

/** Payment provider events already applied, by the provider's event id. */
type ProviderEventTable = {
  id: string;
  type: string;
  received_at: string;
};

/** The `local` payment provider's hosted checkout and portal sessions (token stored hashed). */
export type LocalPaymentSessionTable = {
  token_hash: string;
  kind: 'checkout' | 'portal';
  customer_id: string;
  plan_id: string | null;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** The `local` payment provider's subscriptions: its side of what Stripe would keep. */
export type LocalPaymentSubscriptionTable = {
  id: string;
  customer_id: string;
  plan_id: string;
  status: 'active' | 'canceled';
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
};

/** Fixed-window attempt counters shared by every server instance. */
type RateLimitTable = {
  key: string;
  window_start: string;
  hits: number;
};

type MailOutboxTable = {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
};

export type TemplateTable = {
  id: string;
  user_id: string;
  name: string;
  description: string;
  /** The draft's revision: goes up whenever the PDF or the fields change; caches key on it. */
  revision: number;
  page_count: number;
  /** JSON: the pages as analysed (displayed size, rotation, boxes). */
  pages_json: string;
  /** JSON: the fields, in the engine's FieldSpec shape. */
  fields_json: string;
  field_count: number;
  preview_png: Buffer;
  /** The default language (BCP 47) of fields that set none; null: none (migration 0018). */
  language: string | null;
  created_at: string;
  updated_at: string;
  /** The latest published version's number; null while the template was never published. */
  published_version: number | null;
  /** The draft's revision that version was published from. */
  published_revision: number | null;
};

/** Immutable bytes by SHA-256 (hex): published PDFs, previews and stamp pictures, once each. */
type TemplateBlobTable = {
  hash: string;
  bytes: Buffer;
};

/** A published template version (1, 2, 3… per template); never changed once written. */
type TemplateVersionTable = {
  template_id: string;
  number: number;
  published_at: string;
  /** The publisher's e-mail address at the time. */
  published_by: string;
  note: string;
  pages_json: string;
  fields_json: string;
  field_count: number;
  /** JSON: the field changes from the version before (FieldChange[]). */
  changes_json: string;
  pdf_hash: string;
  preview_hash: string;
  /** The draft's default language when it was published (migration 0018). */
  language: string | null;
};

type TemplateVersionStampTable = {
  template_id: string;
  number: number;
  position: number;
  id: string;
  page: number;
  rect_x: number;
  rect_y: number;
  rect_width: number;
  rect_height: number;
  png_hash: string;
};

type TemplateFileTable = {
  template_id: string;
  pdf: Buffer;
};

type TemplateStampTable = {
  id: string;
  template_id: string;
  /** Drawing order: later stamps lie on top. */
  position: number;
  page: number;
  rect_x: number;
  rect_y: number;
  rect_width: number;
  rect_height: number;
  /** Re-encoded PNG. */
  png: Buffer;
};

/** Documents generated per account and calendar month (UTC), for the usage history. */
type UsageMonthTable = {
  user_id: string;
  month: string;
  documents: number;
};

/**
 * A claimed idempotency key: `running` while its first call runs (held by `claim_token` until
 * `lease_expires_at`), `done` with the call's answer once it succeeded.
 */
type IdempotencyKeyTable = {
  user_id: string;
  /** The endpoint's operationId: a key is scoped per account and per endpoint. */
  endpoint: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the request's body, canonical JSON: the same key must come with the same body. */
  request_hash: string;
  state: 'running' | 'done';
  claim_token: string | null;
  lease_expires_at: string | null;
  status: number | null;
  /** JSON object of the answer's headers that are given again. */
  headers_json: string | null;
  body: Buffer | null;
  created_at: string;
  expires_at: string;
};

export type Tables = {
  users: UserTable;
  deleted_accounts: DeletedAccountTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  email_codes: EmailCodeTable;
  api_keys: ApiKeyTable;
  plans: PlanTable;
  subscriptions: SubscriptionTable;
  subscription_history: SubscriptionHistoryTable;
  rate_limits: RateLimitTable;
  mail_outbox: MailOutboxTable;
  templates: TemplateTable;
  template_files: TemplateFileTable;
  template_stamps: TemplateStampTable;
  template_blobs: TemplateBlobTable;
  template_versions: TemplateVersionTable;
  template_version_stamps: TemplateVersionStampTable;
  usage_months: UsageMonthTable;
  idempotency_keys: IdempotencyKeyTable;
  jobs: JobTable;
  job_chunks: JobChunkTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_events: WebhookEventTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_rotated_secrets: WebhookRotatedSecretTable;
  vouchers: VoucherTable;
  voucher_redemptions: VoucherRedemptionTable;
  provider_events: ProviderEventTable;
  local_payment_sessions: LocalPaymentSessionTable;
  local_payment_subscriptions: LocalPaymentSubscriptionTable;
};

export type Db = Kysely<Tables>;
