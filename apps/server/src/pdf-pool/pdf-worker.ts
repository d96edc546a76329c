import process from 'node:process';
import { createFillEngine } from '@platen/pdf-engine';
import * as tasks from './pdf-tasks.ts';

/*
 * The PDF worker threads' module (piscina calls its exports by name). Compiled, it is
 * dist/pdf-worker-entry.mjs; from the sources, pdf-worker-entry.mjs loads it as it is.
 */

// On some damaged files pdf.js rejects an internal promise that nothing awaits (its own reading of
// the file has already failed or finished). Unhandled, that would end the worker with the task
// in it, and the upload with a 500; the task's own outcome (refusal, or the time limit) stands.
process.on('unhandledRejection', () => undefined);
// Load pdf.js now, while the worker starts, so that no task's time limit pays for it; and its
// worker part, which pdf.js otherwise imports on its first document (in Node it runs on this
// thread): that cost a fresh worker's first task 1.4 s of its limit, 0.1 s now. After every
// stopped task a fresh worker serves the next one, often another account's.
await import('pdfjs-dist/legacy/build/pdf.mjs');
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs'; // no type declarations
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = (await import(PDFJS_WORKER)) as unknown;

// This thread's fill engine: the templates, faces and subsets its documents reuse.
const engine = createFillEngine();

/** A task whose throw comes back as a value (see TaskCrash). */
const reportingCrashes =
  <I, R>(task: (input: I) => Promise<R>) =>
  async (input: I): Promise<R | tasks.TaskCrash> => {
    try {
      return await task(input);
    } catch (error) {
      return tasks.crashOf(error);
    }
  };

export const prepareTemplate = reportingCrashes(tasks.prepareTemplate);
export const fillDocument = reportingCrashes((input: Parameters<typeof tasks.fillDocument>[1]) =>
  tasks.fillDocument(engine, input),
);
