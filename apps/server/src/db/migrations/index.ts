import type { Migration } from 'kysely';
import * as createAccounts from './0001_create_accounts.ts';
import * as createTemplates from './0002_create_templates.ts';
import * as billing from './0003_billing.ts';
import * as createTemplateStamps from './0004_create_template_stamps.ts';
import * as subscriptionHistory from './0005_subscription_history.ts';
import * as overageCarried from './0006_overage_carried.ts';
import * as freeCycleUsage from './0007_free_cycle_usage.ts';
import * as templateVersions from './0008_template_versions.ts';
import * as deletedAccounts from './0009_deleted_accounts.ts';
import * as idempotencyKeys from './0010_idempotency_keys.ts';
import * as jobs from './0011_jobs.ts';
import * as webhooks from './0012_webhooks.ts';
import * as jobKinds from './0013_job_kinds.ts';
import * as webhookTriesUnderWay from './0014_webhook_tries_under_way.ts';
import * as webhookRotatedSecrets from './0015_webhook_rotated_secrets.ts';
import * as jobChunks from './0016_job_chunks.ts';
import * as jobLanguage from './0017_job_language.ts';
import * as templateLanguage from './0018_template_language.ts';

/** Every migration, in order. Never edit one that has been released; add the next instead. */
export const migrations: Record<string, Migration> = {
  '0001_create_accounts': createAccounts,
  '0002_create_templates': createTemplates,
  '0003_billing': billing,
  '0004_create_template_stamps': createTemplateStamps,
  '0005_subscription_history': subscriptionHistory,
  '0006_overage_carried': overageCarried,
  '0007_free_cycle_usage': freeCycleUsage,
  '0008_template_versions': templateVersions,
  '0009_deleted_accounts': deletedAccounts,
  '0010_idempotency_keys': idempotencyKeys,
  '0011_jobs': jobs,
  '0012_webhooks': webhooks,
  '0013_job_kinds': jobKinds,
  '0014_webhook_tries_under_way': webhookTriesUnderWay,
  '0015_webhook_rotated_secrets': webhookRotatedSecrets,
  '0016_job_chunks': jobChunks,
  '0017_job_language': jobLanguage,
  '0018_template_language': templateLanguage,
};
