// The PDF workers' entry when the server runs from its TypeScript sources (development, tests):
// worker threads do not inherit the main thread's TypeScript loader, so register it, then load
// the worker. The compiled server has its own dist/pdf-worker-entry.mjs (build.mjs).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./pdf-worker.ts');

export const prepareTemplate = worker.prepareTemplate;
export const fillDocument = worker.fillDocument;
