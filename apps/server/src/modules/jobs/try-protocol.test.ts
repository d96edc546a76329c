import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import type { JobKindDefinition, JobTry, JobTryContext } from './job-kind.ts';
import { stepAside } from './job-chunks.repository.ts';
import { JobInterrupted, JobTryFailed } from './job-queue.ts';
import { findJobWithItems, insertJob } from './jobs.repository.ts';
import { MAX_ATTEMPTS, runJob, type TryProtocolDeps } from './try-protocol.ts';

/**
 * A kind of job that does what each test tells its tries to do, and remembers what the protocol
 * told it: the try protocol on its own, on a real database and the real repository.
 */
const fakeKind = (tryOnce: (context: JobTryContext) => ReturnType<JobTry['run']>) => {
  const seen = { tries: [] as number[], ended: [] as string[] };
  const kind: JobKindDefinition = {
    name: 'batch',
    retentionMs: 60_000,
    begin: async (context) => ({
      run: () => {
        seen.tries.push(context.tries);
        return tryOnce(context);
      },
      counts: (status) => ({ done: 1, failed: status === 'failed' ? 1 : 0, failuresJson: null }),
    }),
    ended: async (_job, end) => {
      seen.ended.push(end.status);
    },
  };
  return { kind, seen };
};

describe.each(testDatabases())('the try protocol of the job engine (%s)', (database) => {
  let app: TestApp;
  let userId: string;

  beforeAll(async () => {
    // The app's own workers run only the jobs they are handed; these are run by the test.
    app = await buildTestApp(database);
    const ada = await signUp(app);
    const user = await app.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ada.email)
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterAll(() => app.dispose());

  const queueJob = async () => {
    const id = randomUUID();
    const now = app.clock.now().toISOString();
    await insertJob(app.deps.db, {
      id,
      user_id: userId,
      kind: 'batch',
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
      total: 1,
      done: 0,
      failed: 0,
      attempt: 0,
      reserved_at: now,
      created_at: now,
    });
    return id;
  };

  const protocolDeps = (
    kind: JobKindDefinition,
    queue: Partial<Pick<TryProtocolDeps, 'requeue' | 'oneJobPerAccount'>> = {},
  ): TryProtocolDeps => ({
    ...app.deps,
    kinds: new Map([[kind.name, kind]]),
    requeue: async () => undefined,
    ...queue,
  });

  /** Runs the job's tries as a queue would: again after each failed try, until one settles. */
  const runUntilSettled = async (kind: JobKindDefinition, id: string) => {
    for (let run = 0; run < 10; run += 1) {
      try {
        await runJob(protocolDeps(kind), id);
        return;
      } catch (error) {
        if (!(error instanceof JobTryFailed)) throw error;
      }
    }
  };

  it('records a try that throws and tries again, until the last try fails the job with why', async () => {
    const { kind, seen } = fakeKind(() => Promise.reject(new Error('the disk is full')));
    const id = await queueJob();

    await expect(runJob(protocolDeps(kind), id)).rejects.toBeInstanceOf(JobTryFailed);
    const afterFirst = await findJobWithItems(app.deps.db, id);
    expect(afterFirst).toMatchObject({ status: 'running', attempt: 1 });
    expect(JSON.parse(afterFirst?.error_json ?? 'null')).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The job failed unexpectedly.',
      stage: 'documents',
    });

    await runUntilSettled(kind, id);
    expect(seen.tries).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    const ended = await findJobWithItems(app.deps.db, id);
    expect(ended).toMatchObject({ status: 'failed', attempt: MAX_ATTEMPTS, failed: 1 });
    expect(JSON.parse(ended?.error_json ?? 'null')).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(seen.ended).toEqual(['failed']);
  });

  it('does not count a try its instance stopped, and the next try goes on', async () => {
    const { kind, seen } = fakeKind(async ({ signal }) =>
      signal?.aborted ? 'stopped' : { status: 'succeeded', stored: [] },
    );
    const id = await queueJob();
    const stopping = new AbortController();
    stopping.abort();
    for (let stop = 0; stop < MAX_ATTEMPTS + 1; stop += 1) {
      await expect(runJob(protocolDeps(kind), id, stopping.signal)).rejects.toBeInstanceOf(
        JobInterrupted,
      );
    }
    expect(await findJobWithItems(app.deps.db, id)).toMatchObject({ status: 'queued' });

    await runJob(protocolDeps(kind), id);
    expect(seen.tries).toEqual([1, 1, 1, 1, 1]);
    const ended = await findJobWithItems(app.deps.db, id);
    expect(ended).toMatchObject({ status: 'succeeded', done: 1, failed: 0, error_json: null });
    expect(seen.ended).toEqual(['succeeded']);
  });

  it('stops a try that lost its job, which keeps the end it was given', async () => {
    const { kind, seen } = fakeKind(async (context) => {
      await app.deps.db
        .updateTable('jobs')
        .set({ status: 'canceled' })
        .where('id', '=', context.job.id)
        .execute();
      const isMine = await context.saveProgress({ done: 1, failed: 0, failuresJson: null });
      return isMine ? { status: 'succeeded', stored: [] } : 'stopped';
    });
    const id = await queueJob();

    await runJob(protocolDeps(kind), id);
    expect(seen.tries).toEqual([1]);
    expect(await findJobWithItems(app.deps.db, id)).toMatchObject({ status: 'canceled', done: 0 });
    expect(seen.ended).toEqual([]);
  });

  it('does not end a job for a try that lost it before its end', async () => {
    const { kind, seen } = fakeKind(async (context) => {
      await app.deps.db
        .updateTable('jobs')
        .set({ status: 'canceled' })
        .where('id', '=', context.job.id)
        .execute();
      return { status: 'succeeded', stored: [] };
    });
    const id = await queueJob();

    await runJob(protocolDeps(kind), id);
    expect(await findJobWithItems(app.deps.db, id)).toMatchObject({ status: 'canceled' });
    expect(seen.ended).toEqual([]);
  });

  it('starts one of two jobs of an account tried at the same moment, and queues the other again', async () => {
    // Each try holds its job until the round ends, so both jobs would run side by side.
    let endRound = () => {};
    const { kind, seen } = fakeKind(
      () =>
        new Promise((resolve) => {
          endRound = () => resolve({ status: 'succeeded', stored: [] });
        }),
    );
    for (let round = 0; round < 10; round += 1) {
      const ids = [await queueJob(), await queueJob()];
      const requeued: { id: string; userId: string }[] = [];
      const deps = protocolDeps(kind, {
        oneJobPerAccount: true,
        requeue: async (job) => {
          requeued.push(job);
        },
      });
      const tries = ids.map((id) => runJob(deps, id));
      await expect.poll(() => seen.tries.length + requeued.length).toBe(2 * round + 2);
      expect(requeued, `round ${round}`).toHaveLength(1);
      const waiting = requeued[0]!;
      expect(waiting.userId).toBe(userId);
      expect(await findJobWithItems(app.deps.db, waiting.id)).toMatchObject({
        status: 'queued',
        attempt: 0,
        started_at: null,
      });
      endRound();
      await Promise.all(tries);
      // Its account has no job running now: the job queued again starts.
      const later = runJob(deps, waiting.id);
      await expect.poll(() => seen.tries.length).toBe(2 * round + 2);
      endRound();
      await later;
      expect(await findJobWithItems(app.deps.db, waiting.id)).toMatchObject({
        status: 'succeeded',
      });
    }
  });

  it('starts no job of an account while one it started waits after stepping aside', async () => {
    // The first try of each job steps aside (another account's job waits); its next try ends it.
    const { kind, seen } = fakeKind(async (context) => {
      if (context.isResuming) return { status: 'succeeded', stored: [] };
      await stepAside(app.deps.db, context.job.id, context.attempt);
      return 'stepped_aside';
    });
    const requeued: string[] = [];
    const deps = protocolDeps(kind, {
      oneJobPerAccount: true,
      requeue: async (job) => {
        requeued.push(job.id);
      },
    });
    // The job sent first waits for the one that started first, whatever their order of sending.
    const sentFirst = await queueJob();
    const startedFirst = await queueJob();

    await runJob(deps, startedFirst);
    expect(await findJobWithItems(app.deps.db, startedFirst)).toMatchObject({
      status: 'queued',
      yields: 1,
    });
    await runJob(deps, sentFirst);
    expect(requeued).toEqual([sentFirst]);
    expect(await findJobWithItems(app.deps.db, sentFirst)).toMatchObject({
      status: 'queued',
      started_at: null,
    });

    await runJob(deps, startedFirst);
    expect(await findJobWithItems(app.deps.db, startedFirst)).toMatchObject({
      status: 'succeeded',
    });
    // Its account has nothing under way now: the job sent first starts.
    await runJob(deps, sentFirst);
    expect(requeued).toEqual([sentFirst]);
    expect(seen.tries).toHaveLength(3);
  });
});
