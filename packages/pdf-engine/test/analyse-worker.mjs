// Test-only worker: runs unlockPdf() then analyse() (as an upload does) on one file per message, so a hostile file can be given a
// time and memory limit (the parent terminates the worker) without taking the test run down.
import { register } from 'node:module';
import { parentPort } from 'node:worker_threads';

register('./ts-loader.mjs', import.meta.url);
const { analyse, PdfEngineError, unlockPdf } = await import('../src/index.ts');

parentPort.on('message', async ({ bytes }) => {
  try {
    const { pdf, restrictionsRemoved } = await unlockPdf(bytes);
    const analysis = await analyse(pdf);
    parentPort.postMessage({
      outcome: 'accepted',
      pageCount: analysis.pageCount,
      restrictionsRemoved,
    });
  } catch (error) {
    const isEngineError = error instanceof PdfEngineError;
    parentPort.postMessage({
      outcome: isEngineError ? 'refused' : 'crashed',
      code: isEngineError ? error.code : undefined,
      message: String(error?.message ?? error),
    });
  }
});
parentPort.postMessage({ outcome: 'ready' });
