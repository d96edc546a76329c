// Worker threads do not inherit the TypeScript loader of the main thread: register it, then load
// the tasks. (Running from compiled JavaScript would make this file unnecessary.)
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./pdf-tasks.ts');

export const prepareTemplate = tasks.prepareTemplate;
export const fillDocument = tasks.fillDocument;
