// A PDF worker module for the pool's tests: each task does what its input's `act` says, after
// announcing its start as the real tasks do (the pool's time limit counts from then).
import process from 'node:process';
import { parentPort } from 'node:worker_threads';

export const fillDocument = async (input) => {
  parentPort?.postMessage({ task: input.task, says: 'started' });
  switch (input.act) {
    case 'hang':
      for (;;);
    case 'die':
      process.exit(3);
      break;
    case 'throw':
      // What the real worker returns when a task throws (pdf-worker.ts, reportingCrashes).
      return { crashed: true, message: 'a fault in the task', stack: undefined };
    default:
      return { ok: true, pdf: new Uint8Array(), fitReport: {}, echo: input.act };
  }
};
