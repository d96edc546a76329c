import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '@platen/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { jobFilesPrefix } from '../../src/modules/jobs/job-kind.ts';
import { RESULTS_FOLDER } from '../../src/modules/jobs/result-store/create-result-store.ts';
import { pageCountOf } from '../pdf-fixtures.ts';
import {
  batchAccount,
  batchItems,
  countedDocuments,
  downloadResult,
  downloadZip,
  expectedNames,
  hasEnded,
  holdsItem,
  itemsForSeconds,
  jobEvents,
  startBatch,
  startedTries,
  waitForRemoteJob,
  type BatchAccount,
  type BatchForm,
} from '../remote-jobs.ts';
import { stopServerProcess, type ServerProcess } from '../server-process.ts';
import { createSystemData, type SystemData } from '../system-server.ts';

/** A three-page form of 12 fields. */
const FORM: BatchForm = { pages: 3, fieldsPerPage: 4 };
/** Seconds of work a batch is sized for: progress is saved every half second, so a kill lands midway. */
const WORK_SECONDS = 4;
/** Items per recorded chunk: a try after the kill goes on from the last chunk recorded. */
const CHUNK_ITEMS = 100;
const CHUNK_ENV = { JOB_CHUNK_ITEMS: String(CHUNK_ITEMS) };
const SIZE_BOUNDS = { min: 500, max: 10_000 };

/** An account, the size of its batch, and the documents it counted before the batch. */
type Batch = { account: BatchAccount; total: number; countedBefore: number };

const prepareBatch = async (data: SystemData, urls: string[]): Promise<Batch> => {
  const [url = ''] = urls;
  const account = await batchAccount(data, url, FORM);
  const total = await itemsForSeconds(urls, account, FORM, WORK_SECONDS, SIZE_BOUNDS);
  return { account, total, countedBefore: await countedDocuments(url, account) };
};

const share = (job: Job) => job.progress.done / job.progress.total;

/**
 * Waits for the job's end, and checks on the way that its progress never went below what it was
 * when its instance was killed.
 */
const waitForEndAfterKill = async (urls: () => string[], batch: Batch, id: string, killed: Job) => {
  const seen: number[] = [killed.progress.done];
  const job = await waitForRemoteJob(urls, batch.account, id, (polled) => {
    seen.push(polled.progress.done);
    return hasEnded(polled);
  });
  const backwards = seen.filter((done, i) => i > 0 && done < seen[i - 1]!);
  expect(backwards, `progress seen: ${seen.join(', ')}`).toEqual([]);
  return job;
};

/**
 * The try after the kill went on from the chunks recorded before it: at least every chunk below
 * the progress seen before the kill, so at most one chunk's items were made twice.
 */
const expectResumed = (output: string, id: string, killed: Job) => {
  const [resumed] = jobEvents(output, id, 'job.started').filter((start) => start.attempt === 2);
  const from = Number(resumed?.from);
  expect(from).toBeGreaterThan(0);
  expect(from).toBeGreaterThanOrEqual(Math.floor(killed.progress.done / CHUNK_ITEMS) * CHUNK_ITEMS);
  return from;
};
const isMidway = (job: Job) => job.status === 'running' && share(job) >= 0.2;

/**
 * What a crashed batch must end as: every item once, its values in its PDF and on its pages of the
 * merged PDF, counted once.
 */
const expectWholeBatch = async (
  data: SystemData,
  url: string,
  { account, total, countedBefore }: Batch,
  job: Job,
  killedAt: Job,
) => {
  expect(job).toMatchObject({ status: 'succeeded', progress: { done: total, total, failed: 0 } });
  const { names, files } = await downloadZip(url, account, job);
  expect(names).toEqual(expectedNames(total));
  const sample = [0, 1, killedAt.progress.done - 1, killedAt.progress.done, total - 1];
  for (let i = 0; i < 7; i += 1) sample.push(Math.floor((total * i) / 7));
  const merged = await downloadResult(url, account, job, 'merged');
  expect(await pageCountOf(merged)).toBe(total * FORM.pages);
  for (const item of new Set(sample)) {
    expect(holdsItem(files[`doc-${item + 1}.pdf`]!, item, FORM), `item ${item}`).toBe(true);
    const pagesBefore = item * FORM.pages;
    expect(holdsItem(merged, item, FORM, pagesBefore), `item ${item}, merged`).toBe(true);
  }
  expect(await countedDocuments(url, account)).toBe(countedBefore + total);
  // The killed try's partial ZIP is gone: only the second try's files are kept.
  const jobFiles = join(data.dataDir, RESULTS_FOLDER, jobFilesPrefix(job.id));
  expect(readdirSync(jobFiles)).toEqual(['2']);
};

describe('a batch whose server is SIGKILLed midway on sqlite', () => {
  let data: SystemData;
  afterAll(() => data?.dispose());

  it(
    'is taken up by the restarted server and ends with every item once, counted once',
    { timeout: 240_000 },
    async () => {
      data = await createSystemData('sqlite');
      let server: ServerProcess = await data.start(CHUNK_ENV, 'compiled');
      const batch = await prepareBatch(data, [server.url]);
      const { account } = batch;
      const items = batchItems(batch.total, FORM);
      const started = await startBatch(server.url, account, items, 'both');
      const midway = await waitForRemoteJob(() => [server.url], account, started.id, isMidway);
      expect(share(midway), 'killed between 20 % and 80 % done').toBeLessThanOrEqual(0.8);
      await stopServerProcess(server, 'SIGKILL');
      expect(startedTries(server.output(), started.id)).toEqual([1]);

      server = await data.start(CHUNK_ENV, 'compiled');
      const job = await waitForEndAfterKill(() => [server.url], batch, started.id, midway);
      expect(startedTries(server.output(), started.id)).toEqual([2]);
      const from = expectResumed(server.output(), started.id, midway);
      await expectWholeBatch(data, server.url, batch, job, midway);
      console.info(
        `Batch of ${batch.total} on sqlite: killed at ${midway.progress.done} done, went on from ${from}`,
      );
    },
  );
});

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.warn(
    'TEST_DATABASE_URL is not set: the batch taken over by a second instance on PostgreSQL is skipped.',
  );
}

/** Both instances on one database; a dead instance's job is free again after 10 s of silence. */
const QUEUE_ENV = { JOB_HEARTBEAT_SECONDS: '10', JOB_POLLING_SECONDS: '0.5', ...CHUNK_ENV };

describe.runIf(hasPostgres)('a batch whose instance is SIGKILLed midway on postgres', () => {
  let data: SystemData;
  afterAll(() => data?.dispose());

  it(
    'is taken over by the other instance and ends with every item once, counted once',
    { timeout: 240_000 },
    async () => {
      data = await createSystemData('postgres');
      const servers = await Promise.all([
        data.start(QUEUE_ENV, 'compiled'),
        data.start(QUEUE_ENV, 'compiled'),
      ]);
      const batch = await prepareBatch(
        data,
        servers.map((server) => server.url),
      );
      const { account } = batch;
      const items = batchItems(batch.total, FORM);
      const started = await startBatch(servers[0].url, account, items, 'both');
      const alive = new Set(servers);
      const urls = () => [...alive].map((server) => server.url);
      const midway = await waitForRemoteJob(urls, account, started.id, isMidway);
      expect(share(midway), 'killed between 20 % and 80 % done').toBeLessThanOrEqual(0.8);
      const working = servers.filter((s) => startedTries(s.output(), started.id).length > 0);
      expect(working, 'one instance runs the job').toHaveLength(1);
      const [dead] = working as [ServerProcess];
      const survivor = servers.find((s) => s !== dead)!;
      await stopServerProcess(dead, 'SIGKILL');
      alive.delete(dead);
      expect(startedTries(dead.output(), started.id)).toEqual([1]);
      const killedAt = Date.now();

      const job = await waitForEndAfterKill(urls, batch, started.id, midway);
      const [takeover] = jobEvents(survivor.output(), started.id, 'job.started');
      expect(startedTries(survivor.output(), started.id)).toEqual([2]);
      const from = expectResumed(survivor.output(), started.id, midway);
      console.info(
        `Batch of ${batch.total} on postgres: killed at ${midway.progress.done} done, ` +
          `taken over ${((takeover?.time ?? 0) - killedAt) / 1000} s after the kill, from ${from}`,
      );
      await expectWholeBatch(data, survivor.url, batch, job, midway);
    },
  );
});
