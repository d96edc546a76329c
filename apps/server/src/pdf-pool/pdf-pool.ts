import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { createFillEngine } from '@platen/pdf-engine';
import { Piscina } from 'piscina';
import { AppError } from '../lib/app-error.ts';
import {
  adoptTemplate,
  fillDocumentIfCheap,
  holdsTemplate,
  type EngineRefusal,
  type FilledDocument,
  type FillInput,
  type PreparedTemplate,
} from './pdf-tasks.ts';
import type * as tasks from './pdf-tasks.ts';

/** security.md §33: a hostile file gets at most this long and this much memory. */
export const PDF_TASK_TIMEOUT_MS = 10_000;
export const PDF_WORKER_MEMORY_MB = 512;

export type PdfPool = {
  prepareTemplate: (
    input: Parameters<typeof tasks.prepareTemplate>[0],
  ) => Promise<PreparedTemplate | EngineRefusal>;
  /** In a worker, or on this thread when that is cheap (see fillDocumentIfCheap). */
  fillDocument: (input: FillInput) => Promise<FilledDocument | EngineRefusal>;
  /** Tasks waiting for a free worker. */
  queueSize: () => number;
  close: () => Promise<void>;
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

/**
 * Parsing, previews and filling run in worker threads, so a slow or hostile file never blocks
 * the requests around it: each task has a time limit and each worker a memory cap; a worker
 * that hits either is replaced.
 */
export const createPdfPool = (): PdfPool => {
  // The main thread's fill engine, for cheap fills and templates the workers prepared.
  const engine = createFillEngine();
  let pool: Piscina | undefined;
  const getPool = () =>
    (pool ??= new Piscina({
      filename: new URL('./pdf-worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: Math.max(1, availableParallelism()),
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_MEMORY_MB },
    }));

  /*
   * The worker also says `over-memory` when the task's buffers pass PDF_TASK_BUFFER_MB: that
   * ends it like the time limit does.
   * The time limit counts from the moment a worker starts the task (it says so on `started`),
   * not from the call: waiting in the queue behind other work, or for a new worker to load the
   * engine, must not make a healthy file time out under load.
   */
  const run = async <T>(name: string, input: object): Promise<T> => {
    const { port1: startedListener, port2: started } = new MessageChannel();
    const abort = new AbortController();
    let deadline: NodeJS.Timeout | undefined;
    startedListener.on('message', (message) => {
      if (message === 'started') deadline = setTimeout(() => abort.abort(), PDF_TASK_TIMEOUT_MS);
      if (message === 'over-memory') abort.abort();
    });
    try {
      return (await getPool().run(
        { ...input, started },
        { name, signal: abort.signal, transferList: [started] },
      )) as T;
    } catch (error) {
      const { code, name: errorName } = error as { code?: unknown; name?: unknown };
      if (errorName === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY') {
        if (collectGarbage) setTimeout(collectGarbage, STOPPED_WORKER_GC_DELAY_MS).unref();
        throw tooHeavy();
      }
      throw error;
    } finally {
      clearTimeout(deadline);
      startedListener.close();
    }
  };
  return {
    prepareTemplate: (input) => run('prepareTemplate', input),
    fillDocument: async (input) => {
      const cheap = await fillDocumentIfCheap(engine, input);
      if (cheap) return cheap;
      const filled = await run<FilledDocument | EngineRefusal>('fillDocument', {
        ...input,
        shareTemplate: !holdsTemplate(engine, input),
      });
      if (filled.ok && filled.prepared) adoptTemplate(engine, input, filled.prepared);
      return filled;
    },
    queueSize: () => pool?.queueSize ?? 0,
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
};
