/**
 * @platen/pdf-engine: pure functions on PDF bytes. No HTTP, SQL, clock or network; nothing runs
 * on import. See README.md for the coordinate convention and font choices.
 */
export { analyse } from './analyse.ts';
export { fill } from './fill.ts';
export { PdfEngineError, MAX_PAGES, type PdfEngineErrorCode } from './errors.ts';
export type * from './types.ts';
