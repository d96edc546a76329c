import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ACCOUNT_EXPORT_RETENTION_HOURS, type AccountExport } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findJob,
  findJobWithItems,
  findUnfinishedJob,
  isValidResultSignature,
  jobFilesPrefix,
  signedQuery,
  type JobKindDefinition,
  type JobResultFile,
  type JobRow,
  type JobsService,
  type JobRowWithoutItems,
} from '../jobs/index.ts';
import { accountExportReadyMail } from '../mail/index.ts';
import { rateRules } from '../rate-limits/index.ts';
import { profileForExport } from '../users/index.ts';
import { collectExportContents } from './export-contents.ts';
import { writeExportZip } from './export-zip.ts';

const KIND = 'account_export' as const;

/** The web app's profile page, which shows the export named by `?export=`: the mail links there. */
const PROFILE_PATH = '/admin/profile';

const exportNotFound = (id: string) =>
  new AppError('NOT_FOUND', 404, `There is no export with the id "${id}".`);

const zipOf = (row: Pick<JobRowWithoutItems, 'status' | 'results_json'>) =>
  row.status === 'succeeded'
    ? (JSON.parse(row.results_json ?? '[]') as JobResultFile[]).find((r) => r.kind === 'zip')
    : undefined;

/** "2026-03-02 09:00 UTC": a time in a mail, the same for every reader. */
const mailTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The account export as a kind of job: the jobs module queues, retries and sweeps it like a
 * batch; this says what it writes, how long it is kept, and that its account gets a mail. A try
 * writes the whole export again (it has no parts to go on from).
 */
export const accountExportKind = (deps: Deps): JobKindDefinition => ({
  name: KIND,
  retentionMs: ACCOUNT_EXPORT_RETENTION_HOURS * 3_600_000,
  begin: async ({ job, prefix, signal, log, saveProgress }) => {
    let done = 0;
    const output = {
      prefix,
      signal,
      progress: async (filesDone: number, total: number) => {
        done = filesDone;
        return saveProgress({ done: filesDone, total, failed: 0, failuresJson: null });
      },
    };
    return {
      counts: (status) => ({ done, failed: status === 'failed' ? 1 : 0, failuresJson: null }),
      abort: () => deps.results.removeUnder(prefix),
      run: async () => {
        await deps.results.removeUnder(jobFilesPrefix(job.id));
        log.info({ event: 'job.started' }, 'job started');
        const madeAt = new Date(job.created_at);
        const contents = await collectExportContents(deps.db, job.user_id, deps.clock.now());
        if (!contents) throw new Error('the account no longer exists');
        const stored = await writeExportZip(deps.results, output, { ...contents, madeAt });
        if (stored !== 'stopped') return { status: 'succeeded', stored };
        await deps.results.removeUnder(prefix);
        return 'stopped';
      },
    };
  },
  ended: async (job, end) => {
    if (end.status !== 'succeeded') return;
    await mailExportReady(deps, job, end.expiresAt).catch((error: unknown) => {
      end.log.warn({ event: 'job.succeeded_hook_failed', err: error }, 'job end not announced');
    });
  },
});

const mailExportReady = async (deps: Deps, job: JobRow, expiresAt: Date) => {
  const account = await profileForExport(deps.db, job.user_id);
  if (!account) return;
  await deps.mailer.send(
    accountExportReadyMail({
      to: account.profile.email,
      firstName: account.profile.firstName,
      profileUrl: `${deps.config.appUrl}${PROFILE_PATH}?export=${job.id}`,
      availableUntil: mailTime(expiresAt),
    }),
  );
};

/**
 * Exports of the account's data (GDPR art. 15 and 20). One runs at a time per account: asking
 * again while one runs answers that one. The ZIP is downloaded with a signed link that only the
 * signed-in account is given (its status), valid until the ZIP is deleted 24 hours after it was
 * made at the latest; the mail points to the profile page, not to the file.
 */
export const createAccountExportService = (deps: Deps, jobs: JobsService) => {
  const view = (row: JobRowWithoutItems): AccountExport => {
    const zip = zipOf(row);
    const expiresAt = row.expires_at ? new Date(row.expires_at).getTime() : Infinity;
    const linkExpires = Math.floor(
      Math.min(deps.clock.now().getTime() + deps.config.jobs.linkMs, expiresAt) / 1000,
    );
    const query = signedQuery(deps.secrets.linkKey, row.id, KIND, linkExpires);
    return {
      id: row.id,
      status: row.status,
      progress: { done: Number(row.done), total: Number(row.total) },
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
      download: zip
        ? {
            url: `${deps.config.appUrl}/v1/user/export/${row.id}/download?${query}`,
            expiresAt: new Date(linkExpires * 1000).toISOString(),
            bytes: zip.bytes,
          }
        : null,
    };
  };

  const get = async (userId: string, id: string): Promise<AccountExport> => {
    const row = await findJob(deps.db, userId, id, KIND);
    if (!row) throw exportNotFound(id);
    return view(row);
  };

  const create = async (userId: string): Promise<AccountExport> => {
    const running = await findUnfinishedJob(deps.db, userId, KIND);
    if (running) return view(running);
    await deps.limiter.consume(rateRules.accountExportPerUser, userId);
    const id = randomUUID();
    const now = deps.clock.now().toISOString();
    // Not counted against the plan: nothing is reserved, and the row's batch columns stay empty.
    try {
      await jobs.queue({
        id,
        user_id: userId,
        kind: KIND,
        template_id: null,
        template_name: '',
        version: null,
        draft_revision: null,
        status: 'queued',
        output: 'zip',
        file_name: null,
        strict: 0,
        metadata_json: null,
        items_json: '[]',
        total: 0,
        done: 0,
        failed: 0,
        attempt: 0,
        reserved_at: now,
        created_at: now,
      });
    } catch (error) {
      // Another request of the account inserted its export first: answer that one.
      const first = isUniqueViolation(error)
        ? await findUnfinishedJob(deps.db, userId, KIND)
        : undefined;
      if (!first) throw error;
      return view(first);
    }
    deps.log.info({ event: 'account_export.queued', jobId: id, userId }, 'account export queued');
    return get(userId, id);
  };

  /** The ZIP, for a valid signed link; anything else is not found. */
  const openDownload = async (
    id: string,
    link: { expires: number; signature: string },
  ): Promise<{ stream: Readable; bytes: number; fileName: string }> => {
    const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
    const isValid = isValidResultSignature(
      deps.secrets.linkKey,
      { jobId: id, kind: KIND, ...link },
      nowSeconds,
    );
    const row = isValid ? await findJobWithItems(deps.db, id) : undefined;
    const zip = row?.kind === KIND ? zipOf(row) : undefined;
    const file = zip && (await deps.results.read(zip.key));
    if (!row || !file) throw exportNotFound(id);
    return { ...file, fileName: `platen-export-${row.created_at.slice(0, 10)}.zip` };
  };

  return { create, get, openDownload };
};
