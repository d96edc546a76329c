import type { Job } from '@platen/contract';
import { afterAll, describe, expect, it } from 'vitest';
import {
  batchAccount,
  batchItems,
  countedDocuments,
  downloadZip,
  expectedNames,
  hasEnded,
  holdsItem,
  itemsForSeconds,
  jobEvents,
  startBatch,
  startedTries,
  waitForRemoteJob,
  type BatchForm,
} from '../remote-jobs.ts';
import { createSystemData, type SystemData } from '../system-server.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.warn(
    'TEST_DATABASE_URL is not set: two instances draining one job queue on PostgreSQL is skipped.',
  );
}

const FORM: BatchForm = { pages: 1, fieldsPerPage: 4 };
const ACCOUNTS = 6;
/**
 * Seconds of work per batch: long enough that one instance cannot take every job before the
 * other asks (every half second), whatever the speed of the machine.
 */
const WORK_SECONDS = 1.5;

describe.runIf(hasPostgres)('two instances draining one job queue on postgres', () => {
  let data: SystemData;
  afterAll(() => data?.dispose());

  it(
    'runs every batch once, across both instances, with every item once and counted once',
    { timeout: 240_000 },
    async () => {
      data = await createSystemData('postgres');
      const env = { JOB_HEARTBEAT_SECONDS: '10', JOB_POLLING_SECONDS: '0.5' };
      const servers = await Promise.all([data.start(env, 'compiled'), data.start(env, 'compiled')]);
      const urlOf = (i: number) => servers[i % 2]!.url;
      const accounts = await Promise.all(
        Array.from({ length: ACCOUNTS }, (_, i) => batchAccount(data, urlOf(i), FORM)),
      );
      const size = await itemsForSeconds([urlOf(0), urlOf(1)], accounts[0]!, FORM, WORK_SECONDS, {
        min: 100,
        max: 5000,
      });
      const countedBefore = await countedDocuments(urlOf(0), accounts[0]!);
      /** Items per batch; each account's is a little bigger, so no two ZIPs are alike. */
      const itemsOf = (account: number) => size + account * 10;
      // Each batch is sent to one instance and may run on either; the first account sends a
      // second batch, through the other instance, which must wait for its first.
      const [started, second] = await Promise.all([
        Promise.all(
          accounts.map((account, i) =>
            startBatch(urlOf(i + 1), account, batchItems(itemsOf(i), FORM)),
          ),
        ),
        startBatch(urlOf(0), accounts[0]!, batchItems(itemsOf(0), FORM)),
      ]);
      const jobs: Job[] = [];
      for (const [i, account] of accounts.entries()) {
        jobs.push(await waitForRemoteJob(() => [urlOf(i)], account, started[i]!.id, hasEnded));
      }
      const secondJob = await waitForRemoteJob(() => [urlOf(0)], accounts[0]!, second.id, hasEnded);
      expect(secondJob.status).toBe('succeeded');

      for (const [i, account] of accounts.entries()) {
        const total = itemsOf(i);
        const job = jobs[i]!;
        expect(job, `batch ${i}`).toMatchObject({
          status: 'succeeded',
          progress: { done: total, total, failed: 0 },
        });
        const { names, files } = await downloadZip(urlOf(i), account, job);
        expect(names, `batch ${i}`).toEqual(expectedNames(total));
        for (const item of [0, total - 1]) {
          expect(holdsItem(files[`doc-${item + 1}.pdf`]!, item, FORM), `${i}/${item}`).toBe(true);
        }
        // The first account also counts its second batch, of as many items.
        const counted = i === 0 ? countedBefore + 2 * total : total;
        expect(await countedDocuments(urlOf(i + 1), account), `batch ${i}`).toBe(counted);
        // Nobody died: each job was tried once, by one instance.
        const tries = servers.flatMap((server) => startedTries(server.output(), job.id));
        expect(tries, `tries of batch ${i}`).toEqual([1]);
      }
      // One account's batches ran one after the other, wherever each ran.
      const runOf = (id: string) => {
        const [start, ...restarts] = servers.flatMap((server) =>
          jobEvents(server.output(), id, 'job.started'),
        );
        const [end, ...more] = servers.flatMap((server) =>
          jobEvents(server.output(), id, 'job.finished'),
        );
        expect([restarts, more], `job ${id} started and finished once`).toEqual([[], []]);
        return { start: start!.time, end: end!.time };
      };
      const [first, then] = [runOf(started[0]!.id), runOf(second.id)].sort(
        (a, b) => a.start - b.start,
      );
      expect(then!.start, 'the second batch started after the first ended').toBeGreaterThanOrEqual(
        first!.end,
      );
      const jobsRunBy = servers.map(
        (server) => jobs.filter((job) => startedTries(server.output(), job.id).length > 0).length,
      );
      console.info(
        `Batches of ${size}+ items; jobs run by each instance: ${jobsRunBy.join(' and ')}`,
      );
      expect(jobsRunBy.every((count) => count > 0)).toBe(true);
    },
  );
});
