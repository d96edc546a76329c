// Worker threads do not inherit the TypeScript loader of the main thread: register it, then load
// the tasks. (Running from compiled JavaScript would make this file unnecessary.)
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./pdf-tasks.ts');
// Load pdf.js now, while the worker starts, so that no task's time limit pays for it.
await import('pdfjs-dist/legacy/build/pdf.mjs');

export const prepareTemplate = tasks.prepareTemplate;
export const fillDocument = tasks.fillDocument;
