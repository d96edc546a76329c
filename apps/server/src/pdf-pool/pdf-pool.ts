import { availableParallelism } from 'node:os';
import { createFillEngine } from '@platen/pdf-engine';
import { Piscina } from 'piscina';
import { AppError } from '../lib/app-error.ts';
import type { Logger } from '../lib/logger.ts';
import { createFairQueue } from './fair-queue.ts';
import {
  adoptTemplate,
  fillDocumentIfCheap,
  holdsTemplate,
  isCrash,
  isTaskSignal,
  PDF_TASK_BUFFER_MB,
  type EngineRefusal,
  type FilledDocument,
  type FillInput,
  type PreparedTemplate,
  type TaskSignal,
} from './pdf-tasks.ts';
import type * as tasks from './pdf-tasks.ts';

/** security.md §33: a hostile file gets at most this long and this much memory. */
const PDF_TASK_TIMEOUT_MS = 10_000;
export const PDF_WORKER_MEMORY_MB = 512;

type PdfPoolStats = {
  /** Worker threads running or starting. */
  workersAlive: number;
  /** Tasks handed to a worker (one that is starting, too). */
  running: number;
  /** Tasks waiting for a free worker. */
  waiting: number;
};

/** Every task names the account it works for: the pool shares its workers fairly between them. */
export type PdfPool = {
  prepareTemplate: (
    userId: string,
    input: Parameters<typeof tasks.prepareTemplate>[0],
  ) => Promise<PreparedTemplate | EngineRefusal>;
  /** In a worker, or on this thread when that is cheap (see fillDocumentIfCheap). */
  fillDocument: (userId: string, input: FillInput) => Promise<FilledDocument | EngineRefusal>;
  /** Tasks waiting for a free worker. */
  queueSize: () => number;
  stats: () => PdfPoolStats;
  /** Tasks wait, or were handed out, and no worker lives to run them (`/readyz` fails then). */
  isStalled: () => boolean;
  /**
   * Starts the first worker now rather than on the first task: a serving instance calls it,
   * so the first upload does not wait the seconds a worker takes to load the engine and pdf.js.
   */
  startWorkers: () => void;
  close: () => Promise<void>;
};

export type PdfPoolOptions = {
  log: Logger;
  /** Worker threads at most; one per CPU by default. */
  threads?: number;
  taskTimeoutMs?: number;
  /** The workers' module (tests pass one whose tasks die or hang). */
  workerUrl?: string;
  /** Told when a task is queued and when a worker starts it (tests check the order). */
  observe?: (event: { kind: 'queued' | 'started'; name: string; userId: string }) => void;
};

/*
 * A stopped worker's memory (gigabytes, for a bomb) is only given back when the main thread
 * collects its Worker object, and the main thread, allocating little, may not do so for hours.
 * So a stop is followed by one full collection, through the `gc` that `node --expose-gc` gives:
 * `npm start`, `npm run dev`, the image and the server tests' processes start node with it
 * (docs/reliability.md). Nothing turns it on at run time: Node warns that changing V8 flags
 * after start (v8.setFlagsFromString) may crash the process. A process started without the
 * flag (a test's in-process server) leaves the collection to V8.
 */
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const STOPPED_WORKER_GC_DELAY_MS = 1_000;

const tooHeavy = () =>
  new AppError(
    'PDF_TOO_COMPLEX',
    422,
    'This PDF is too large or too complex to process. Please try a simpler file.',
  );

const workersUnavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    503,
    'The PDF workers could not finish this request. Please try again in a moment.',
    { 'retry-after': '5' },
  );

type Waiting = {
  name: string;
  input: object;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

/**
 * Parsing, previews and filling run in worker threads, so a slow or hostile file never blocks
 * the requests around it: each task has a time limit and each worker a memory cap; a worker
 * that hits either is replaced.
 *
 * Tasks wait here, per account (fair-queue.ts), and are handed to piscina only when a worker is
 * free, so piscina's own queue holds at most what its starting workers will take. Two things
 * keep that queue draining after a worker is stopped (time or memory) or dies, since piscina
 * 5 only replaces a removed worker up to `minThreads` and otherwise waits for the next `run()`:
 * every task that ends, however it ends, hands the next waiting task to piscina at once (a
 * `run()`, which starts a worker when none is free); and `minThreads: 1` makes piscina itself
 * start a replacement at once, so a fresh worker (about 2 s to load the engine) is usually
 * ready before the next task needs it, and an idle pool still shows a live worker.
 */
export const createPdfPool = (options: PdfPoolOptions): PdfPool => {
  const { log } = options;
  const threads = options.threads ?? Math.max(1, availableParallelism());
  const taskTimeoutMs = options.taskTimeoutMs ?? PDF_TASK_TIMEOUT_MS;
  // The main thread's fill engine, for cheap fills and templates the workers prepared.
  const engine = createFillEngine();
  const queue = createFairQueue<Waiting>();
  // Tasks handed to piscina that no worker has started yet, by what gives each up.
  const unstarted = new Set<() => void>();
  // What each task handed to piscina does with its worker's signals, by the task's number.
  const signalled = new Map<number, (says: TaskSignal['says']) => void>();
  let lastTask = 0;
  let isClosing = false;
  let pool: Piscina | undefined;
  /*
   * A task handed to piscina waits there for a worker; when workers fail while starting,
   * piscina stops replacing them and the task would wait for ever. So whenever a worker goes
   * and none is left, such tasks are given up (503), and the next waiting ones try afresh.
   */
  const answerOrphans = () => {
    if ((pool?.threads.length ?? 0) > 0) return;
    for (const giveUp of unstarted) giveUp();
  };
  const getPool = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: options.workerUrl ?? new URL('./pdf-worker-entry.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_MEMORY_MB },
    });
    // A worker that fails with no task on it: piscina replaces it; unheard, the event would
    // end the process.
    pool.on('error', (error: unknown) => {
      log.warn({ event: 'pdf.worker_failed', err: error }, 'an idle PDF worker failed');
    });
    pool.on('workerDestroy', () => setImmediate(answerOrphans));
    pool.on('message', (message: unknown) => {
      if (isTaskSignal(message)) signalled.get(message.task)?.(message.says);
    });
    return pool;
  };

  /** Why a task's worker ended, and the answer: the task's fault (422) or the pool's (503). */
  const failureOf = (name: string, userId: string, error: unknown, stoppedFor?: string) => {
    if (isClosing) return workersUnavailable();
    const { code } = error as { code?: unknown };
    const reason =
      stoppedFor ??
      (code === 'ERR_WORKER_OUT_OF_MEMORY' ? `heap limit (${PDF_WORKER_MEMORY_MB} MB)` : undefined);
    if (reason) {
      log.warn(
        { event: 'pdf.task_stopped', task: name, reason, userId },
        `PDF task ${name} stopped at its ${reason}; its worker is replaced`,
      );
      if (collectGarbage) setTimeout(collectGarbage, STOPPED_WORKER_GC_DELAY_MS).unref();
      return tooHeavy();
    }
    log.warn(
      { event: 'pdf.worker_failed', task: name, reason: String(error), userId },
      `PDF worker failed during ${name}; its worker is replaced`,
    );
    return workersUnavailable();
  };

  /*
   * The worker also says `over-memory` when the task's buffers pass PDF_TASK_BUFFER_MB: that
   * ends it like the time limit does.
   * The time limit counts from the moment a worker starts the task (it says so on `started`),
   * not from the call: waiting in the queue behind other work, or for a new worker to load the
   * engine, must not make a healthy file time out under load.
   */
  const runOnWorker = async (name: string, userId: string, input: object) => {
    const task = ++lastTask;
    const abort = new AbortController();
    let stoppedFor: string | undefined;
    const stop = (reason: string) => {
      stoppedFor ??= reason;
      abort.abort();
    };
    let failure: string | undefined;
    const giveUp = () => {
      failure = 'no worker could start';
      abort.abort();
    };
    unstarted.add(giveUp);
    let deadline: NodeJS.Timeout | undefined;
    signalled.set(task, (says) => {
      if (says === 'started') {
        unstarted.delete(giveUp);
        options.observe?.({ kind: 'started', name, userId });
        deadline = setTimeout(() => stop(`time limit (${taskTimeoutMs} ms)`), taskTimeoutMs);
      }
      if (says === 'over-memory') stop(`buffer limit (${PDF_TASK_BUFFER_MB} MB)`);
    });
    let result: unknown;
    try {
      result = await getPool().run({ ...input, task }, { name, signal: abort.signal });
    } catch (error) {
      throw failure
        ? failureOf(name, userId, new Error(failure))
        : failureOf(name, userId, error, stoppedFor);
    } finally {
      unstarted.delete(giveUp);
      clearTimeout(deadline);
      signalled.delete(task);
    }
    if (isCrash(result)) {
      throw Object.assign(new Error(`PDF task ${name} failed: ${result.message}`), {
        stack: result.stack,
      });
    }
    return result;
  };

  /** Hands waiting tasks to piscina while it has a free worker; called whenever a task ends. */
  const startTasks = () => {
    while (queue.running() < threads) {
      const next = queue.take();
      if (!next) return;
      const { account, task } = next;
      const ended = () => {
        queue.finish(account);
        startTasks();
      };
      runOnWorker(task.name, account, task.input).then(
        (value) => {
          ended();
          task.resolve(value);
        },
        (error: unknown) => {
          ended();
          task.reject(error);
        },
      );
    }
  };

  const run = <T>(name: string, userId: string, input: object) =>
    new Promise<T>((resolve, reject) => {
      queue.push(userId, { name, input, resolve: resolve as (v: unknown) => void, reject });
      options.observe?.({ kind: 'queued', name, userId });
      startTasks();
    });

  const stats = (): PdfPoolStats => ({
    workersAlive: pool?.threads.length ?? 0,
    running: queue.running(),
    waiting: queue.waiting(),
  });

  return {
    prepareTemplate: (userId, input) => run('prepareTemplate', userId, input),
    fillDocument: async (userId, input) => {
      const cheap = await fillDocumentIfCheap(engine, input);
      if (cheap) return cheap;
      const filled = await run<FilledDocument | EngineRefusal>('fillDocument', userId, {
        ...input,
        shareTemplate: !holdsTemplate(engine, input),
      });
      if (filled.ok && filled.prepared) adoptTemplate(engine, input, filled.prepared);
      return filled;
    },
    queueSize: () => queue.waiting(),
    stats,
    isStalled: () => {
      const { workersAlive, running, waiting } = stats();
      return running + waiting > 0 && workersAlive === 0;
    },
    startWorkers: () => {
      if (!isClosing) getPool();
    },
    close: async () => {
      isClosing = true;
      for (const task of queue.drain()) task.reject(workersUnavailable());
      await pool?.destroy();
      pool = undefined;
      isClosing = false;
    },
  };
};
