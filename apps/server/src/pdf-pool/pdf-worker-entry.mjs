// Worker threads do not inherit the TypeScript loader of the main thread: register it, then load
// the tasks. (Running from compiled JavaScript would make this file unnecessary.)
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
// On some damaged files pdf.js rejects an internal promise that nothing awaits (its own reading of
// the file has already failed or finished). Unhandled, that would end the worker with the task
// in it, and the upload with a 500; the task's own outcome (refusal, or the time limit) stands.
process.on('unhandledRejection', () => undefined);
const tasks = await import('./pdf-tasks.ts');
// Load pdf.js now, while the worker starts, so that no task's time limit pays for it.
await import('pdfjs-dist/legacy/build/pdf.mjs');

export const prepareTemplate = tasks.prepareTemplate;
export const fillDocument = tasks.fillDocument;
