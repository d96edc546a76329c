import type { BatchOutput, Job, JobResultKind, TemplateInputBody } from '@platen/contract';
import { unzipSync } from 'fflate';
import { createVoucher } from '../src/modules/billing/vouchers/voucher-admin.ts';
import { pathOf } from './jobs.ts';
import { makePdf } from './pdf-fixtures.ts';
import { wordsOf } from './pdf-words.ts';
import {
  remoteApiKey,
  remoteCall,
  remoteCreateTemplate,
  remoteGenerate,
  remoteSignUp,
} from './remote.ts';
import type { SystemData } from './system-server.ts';
import { textField } from './templates.ts';

/**
 * Batches sent to server processes (`server-process.ts`): an account able to run thousands of
 * documents, its batch, the job polled until it reaches a state, and what its ZIP holds.
 */

/**
 * The form a batch fills: `pages` A4 pages with `fieldsPerPage` text fields each, in `style`;
 * each value is a word unique to its item and field, then `filler` (text to lay out).
 */
export type BatchForm = {
  pages: number;
  fieldsPerPage: number;
  style?: Partial<TemplateInputBody>;
  filler?: string;
};

const labelOf = (page: number, field: number) => `P${page}F${field}`;

/** An item's value of a field: one word, unique to the item, so pdftotext finds it whole. */
export const valueOf = (item: number, page: number, field: number) =>
  `i${item + 1}-${labelOf(page, field)}`;

export const batchItems = (count: number, form: BatchForm) =>
  Array.from({ length: count }, (_, item) => {
    const values: Record<string, string> = {};
    for (let page = 1; page <= form.pages; page += 1) {
      for (let field = 1; field <= form.fieldsPerPage; field += 1) {
        values[labelOf(page, field)] = `${valueOf(item, page, field)}${form.filler ?? ''}`;
      }
    }
    return values;
  });

export type BatchAccount = { email: string; token: string; apiKey: string };

/**
 * A new account on the BUSINESS plan (through a voucher, as a customer would get it) with one
 * template `Form`: the FREE plan's 100 documents would refuse the batches these tests send.
 */
export const batchAccount = async (
  data: SystemData,
  url: string,
  form: BatchForm,
): Promise<BatchAccount> => {
  const { email, token } = await remoteSignUp(url);
  const db = data.openDb();
  let code: string;
  try {
    code = await createVoucher(
      db,
      { plan: 'BUSINESS', days: 30, uses: 1, expiresAt: undefined },
      new Date(),
    );
  } finally {
    await db.destroy();
  }
  const redeemed = await remoteCall(url, 'POST', '/v1/subscription/voucher', {
    token,
    body: { code },
  });
  if (redeemed.status !== 200) throw new Error(`voucher: ${redeemed.status} ${redeemed.body}`);
  const created = await remoteCreateTemplate(url, token, 'Form', await makePdf(form));
  if (created.status !== 200) throw new Error(`template: ${created.status} ${created.body}`);
  const inputs = [];
  for (let page = 1; page <= form.pages; page += 1) {
    for (let field = 1; field <= form.fieldsPerPage; field += 1) {
      inputs.push(
        textField(labelOf(page, field), { page, rectY: 100 + field * 40, ...form.style }),
      );
    }
  }
  const saved = await remoteCall(url, 'PUT', '/v1/template', {
    token,
    body: { templateName: 'Form', inputs },
  });
  if (saved.status !== 200) throw new Error(`fields: ${saved.status} ${saved.body}`);
  return { email, token, apiKey: await remoteApiKey(url, token, 'Form') };
};

/** Starts a batch of the account's form, its PDFs named `doc-{index}.pdf` in a ZIP. */
export const startBatch = async (
  url: string,
  account: BatchAccount,
  items: unknown[],
  output: BatchOutput = 'zip',
) => {
  const res = await remoteCall(url, 'POST', '/v1/document/batch', {
    headers: { 'x-api-key': account.apiKey },
    body: { templateName: 'Form', items, output, fileName: 'doc-{index}.pdf' },
  });
  if (res.status !== 202) throw new Error(`batch: ${res.status} ${res.body}`);
  return res.json<Job>();
};

const ENDED = new Set(['succeeded', 'failed', 'canceled']);
export const hasEnded = (job: Job) => ENDED.has(job.status);

/**
 * Polls the job on the first of `urls` that answers until `test` holds for it; a server that is
 * down (killed, or still starting) is skipped.
 */
export const waitForRemoteJob = async (
  urls: () => string[],
  account: BatchAccount,
  id: string,
  test: (job: Job) => boolean,
): Promise<Job> => {
  for (;;) {
    for (const url of urls()) {
      try {
        const res = await remoteCall(url, 'GET', `/v1/jobs/${id}`, {
          headers: { 'x-api-key': account.apiKey },
        });
        if (res.status !== 200) throw new Error(`GET job ${id}: ${res.status} ${res.body}`);
        const job = res.json<Job>();
        if (test(job) || hasEnded(job)) return job;
        break;
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        // fetch failed: this server is not there any more; ask the next one.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Items of the batches that measure how fast the servers fill the form. */
const MEASURING_ITEMS = 400;
/** Documents each server generates first: its first documents are the slowest. */
const WARMING_DOCUMENTS = 24;

/**
 * How many items keep a server busy for about `seconds`. Each server generates a few documents
 * first (one at a time, on the server asked, unlike a batch), then two batches measure the
 * speed and the faster counts, so a batch is never sized by a server still warming up. The same
 * test runs on an idle machine, where a three-page document takes well under a millisecond,
 * and on a loaded one, ten times slower: a fixed size would either end before a kill lands
 * midway or run for minutes. These documents count on the account.
 */
export const itemsForSeconds = async (
  urls: string[],
  account: BatchAccount,
  form: BatchForm,
  seconds: number,
  bounds: { min: number; max: number },
) => {
  const [values = {}] = batchItems(1, form);
  for (const url of urls) {
    for (let i = 0; i < WARMING_DOCUMENTS; i += 4) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() => remoteGenerate(url, account.apiKey, 'Form', values)),
      );
      const refused = answers.find((res) => res.status !== 200);
      if (refused) throw new Error(`generate: ${refused.status} ${refused.body}`);
    }
  }
  let perSecond = 0;
  for (let round = 0; round < 2; round += 1) {
    const [url = ''] = urls;
    const started = await startBatch(url, account, batchItems(MEASURING_ITEMS, form));
    const job = await waitForRemoteJob(() => [url], account, started.id, hasEnded);
    if (job.status !== 'succeeded') throw new Error(`measuring batch: ${JSON.stringify(job)}`);
    const ms = Date.parse(job.finishedAt ?? '') - Date.parse(job.startedAt ?? '');
    perSecond = Math.max(perSecond, (MEASURING_ITEMS * 1000) / Math.max(ms, 1));
  }
  const items = Math.round(perSecond * seconds);
  return Math.min(bounds.max, Math.max(bounds.min, items));
};

/** The bytes of one of the job's results. */
export const downloadResult = async (
  url: string,
  account: BatchAccount,
  job: Job,
  kind: JobResultKind,
) => {
  const result = job.results.find((r) => r.kind === kind);
  if (!result) throw new Error(`job ${job.id} has no ${kind} result: ${JSON.stringify(job)}`);
  const res = await fetch(`${url}${pathOf(result.url)}`, {
    headers: { 'x-api-key': account.apiKey },
  });
  if (res.status !== 200) throw new Error(`${kind} result of ${job.id}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
};

/** The ZIP's entries in their order, every one (a repeated name would be listed twice). */
export const downloadZip = async (url: string, account: BatchAccount, job: Job) => {
  const names: string[] = [];
  const files = unzipSync(await downloadResult(url, account, job, 'zip'), {
    filter: (file) => {
      names.push(file.name);
      return true;
    },
  });
  return { names, files };
};

/** `doc-1.pdf` … `doc-{count}.pdf`: the ZIP of a batch of `count` items, each once, in order. */
export const expectedNames = (count: number) =>
  Array.from({ length: count }, (_, i) => `doc-${i + 1}.pdf`);

/**
 * Whether the PDF of item `item` (from 0) holds that item's values on every page; in a merged PDF
 * the item's pages follow `pagesBefore` others.
 */
export const holdsItem = (pdf: Uint8Array, item: number, form: BatchForm, pagesBefore = 0) => {
  for (let page = 1; page <= form.pages; page += 1) {
    const words = new Set(wordsOf(pdf, pagesBefore + page).map((word) => word.text));
    for (let field = 1; field <= form.fieldsPerPage; field += 1) {
      if (!words.has(valueOf(item, page, field))) return false;
    }
  }
  return true;
};

/** The documents the account has counted this month, as its subscription says. */
export const countedDocuments = async (url: string, account: BatchAccount) => {
  const res = await remoteCall(url, 'GET', '/v1/subscription', { token: account.token });
  if (res.status !== 200) throw new Error(`subscription: ${res.status} ${res.body}`);
  return res.json<{ pdfsGeneratedThisMonth: number }>().pdfsGeneratedThisMonth;
};

type LogLine = {
  event?: string;
  jobId?: string;
  attempt?: number;
  time?: number;
  /** A try's first item (`job.started`): past 0, it went on from recorded chunks. */
  from?: number;
};

/** The events a server process logged about a job (`job.started`, `job.finished`…), in order. */
export const jobEvents = (output: string, jobId: string, event: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(jobId))
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return {};
      }
    })
    .filter((line) => line.event === event && line.jobId === jobId)
    .map((line) => ({
      attempt: Number(line.attempt),
      time: Number(line.time),
      from: Number(line.from ?? 0),
    }));

/** The numbers of the tries of a job a server process started. */
export const startedTries = (output: string, jobId: string): number[] =>
  jobEvents(output, jobId, 'job.started').map((start) => start.attempt);
