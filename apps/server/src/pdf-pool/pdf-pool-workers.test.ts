import { afterEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../../test/billing.ts';
import { corpusBuffer } from '../../test/corpus.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { AppError } from '../lib/app-error.ts';
import { createPdfPool, type PdfPool, type PdfPoolOptions } from './pdf-pool.ts';
import type { FillInput } from './pdf-tasks.ts';

const scripted = new URL('../../test/pdf-workers/scripted-worker.mjs', import.meta.url).href;
const cannotStart = new URL('../../test/pdf-workers/worker-that-cannot-start.mjs', import.meta.url)
  .href;

/** A task for the scripted worker: `act` says whether it hangs, dies, throws or answers. */
const task = (act: string) =>
  ({
    act,
    template: new Uint8Array(),
    fields: [],
    values: {},
    options: {},
  }) as unknown as FillInput;

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ echo: (value as { echo?: string }).echo }),
    (error: unknown) =>
      error instanceof AppError
        ? { status: error.status, code: error.code }
        : { error: (error as Error).message },
  );

describe('the PDF pool, when workers are stopped, die or cannot start', () => {
  let pool: PdfPool | undefined;
  let logged = capturedLog();
  const open = (options: Partial<PdfPoolOptions>) => {
    logged = capturedLog();
    return (pool = createPdfPool({ log: logged.log, workerUrl: scripted, ...options }));
  };
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('answers every task queued behind stopped ones, replacing the worker each time', async () => {
    const one = open({ threads: 1, taskTimeoutMs: 300 });
    const answers = await Promise.all([
      outcome(one.fillDocument('mallory', task('hang'))),
      outcome(one.fillDocument('mallory', task('hang'))),
      outcome(one.fillDocument('mallory', task('hang'))),
      outcome(one.fillDocument('ada', task('fine'))),
    ]);
    expect(answers).toEqual([
      { status: 422, code: 'PDF_TOO_COMPLEX' },
      { status: 422, code: 'PDF_TOO_COMPLEX' },
      { status: 422, code: 'PDF_TOO_COMPLEX' },
      { echo: 'fine' },
    ]);
    expect(one.stats()).toEqual({ workersAlive: 1, running: 0, waiting: 0 });
    const stops = logged.events().filter((line) => line.event === 'pdf.task_stopped');
    expect(stops).toHaveLength(3);
    expect(stops[0]).toMatchObject({
      level: 40,
      task: 'fillDocument',
      reason: 'time limit (300 ms)',
      userId: 'mallory',
    });
  });

  it('answers 503 for a task whose worker died, logs it, and serves the next', async () => {
    const one = open({ threads: 1 });
    const [died, next] = await Promise.all([
      outcome(one.fillDocument('mallory', task('die'))),
      outcome(one.fillDocument('ada', task('fine'))),
    ]);
    expect(died).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(next).toEqual({ echo: 'fine' });
    expect(logged.events()).toContainEqual(
      expect.objectContaining({
        event: 'pdf.worker_failed',
        task: 'fillDocument',
        reason: expect.stringContaining('exited with code: 3') as string,
      }),
    );
    expect(one.isStalled()).toBe(false);
  });

  it('keeps a task that throws a fault of ours (500), not of the pool (503)', async () => {
    const one = open({ threads: 1 });
    expect(await outcome(one.fillDocument('ada', task('throw')))).toEqual({
      error: 'PDF task fillDocument failed: a fault in the task',
    });
    expect(await outcome(one.fillDocument('ada', task('fine')))).toEqual({ echo: 'fine' });
  });

  it('brings a throw in the real worker back as that fault, and keeps the worker', async () => {
    const real = open({ threads: 1, workerUrl: undefined });
    const template = new Uint8Array(await makePdf());
    const broken = { ...task('fine'), template, fields: undefined } as unknown as FillInput;
    expect(await outcome(real.fillDocument('ada', broken))).toEqual({
      error: expect.stringMatching(/^PDF task fillDocument failed: /) as string,
    });
    expect(real.stats()).toMatchObject({ workersAlive: 1, running: 0, waiting: 0 });
    expect(logged.events().filter((line) => line.event === 'pdf.worker_failed')).toEqual([]);
  });

  it('stops a task whose buffers pass their budget (a flate bomb) before its time limit', async () => {
    const real = open({ threads: 1, workerUrl: undefined, taskTimeoutMs: 60_000 });
    const bomb = new Uint8Array(await corpusBuffer('flate-bomb-1gib.pdf'));
    expect(await outcome(real.prepareTemplate('mallory', { pdf: bomb }))).toEqual({
      status: 422,
      code: 'PDF_TOO_COMPLEX',
    });
    expect(logged.events()).toContainEqual(
      expect.objectContaining({
        event: 'pdf.task_stopped',
        task: 'prepareTemplate',
        reason: 'buffer limit (256 MB)',
      }),
    );
  });

  it('answers 503 for every task when no worker can start, leaving none waiting', async () => {
    const broken = open({ threads: 2, workerUrl: cannotStart });
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((account) => outcome(broken.fillDocument(account, task('fine')))),
    );
    expect(answers).toEqual(Array(3).fill({ status: 503, code: 'SERVICE_UNAVAILABLE' }));
    expect(broken.stats()).toMatchObject({ running: 0, waiting: 0 });
    expect(broken.isStalled()).toBe(false);
  });

  it('starts its first worker when told to, before any task asks for one', () => {
    const one = open({ threads: 2 });
    expect(one.stats().workersAlive).toBe(0);
    one.startWorkers();
    expect(one.stats()).toEqual({ workersAlive: 1, running: 0, waiting: 0 });
  });
});
