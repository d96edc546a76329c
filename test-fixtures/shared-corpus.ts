/**
 * Third-party real-world files (from the tests of pdf.js, qpdf and pdf-lib) that the repository
 * cannot hold. They sit beside it, in `../shared/corpus`, on the team's machines and in CI; a
 * fresh clone has none, and the tests that need them say so and skip.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** PLATEN_SHARED_CORPUS names it elsewhere, e.g. from a git worktree that has no `../shared`. */
export const sharedCorpusDir = resolve(
  process.env.PLATEN_SHARED_CORPUS ?? resolve(import.meta.dirname, '../../shared/corpus'),
);
export const hasSharedCorpus = existsSync(join(sharedCorpusDir, 'pdfs'));

/** Printed once per test process that imports this module, when the files are missing. */
export const sharedCorpusSkipReason =
  `the third-party corpus is not at ${sharedCorpusDir} (it cannot be committed, see ` +
  'test-fixtures/README.md; PLATEN_SHARED_CORPUS may name it), so the tests of real-world ' +
  'files from other projects are skipped';
if (!hasSharedCorpus) console.warn(`\n!!! Skipped: ${sharedCorpusSkipReason} !!!\n`);

const sharedCorpusPath = (folder: 'pdfs' | 'images', name: string) =>
  join(sharedCorpusDir, folder, name);

export const sharedCorpusBytes = (folder: 'pdfs' | 'images', name: string) =>
  new Uint8Array(readFileSync(sharedCorpusPath(folder, name)));

/** Every file of one folder of the shared corpus, sorted; none when it is missing. */
export const sharedCorpusNames = (folder: 'pdfs' | 'images'): string[] =>
  hasSharedCorpus ? readdirSync(join(sharedCorpusDir, folder)).sort() : [];
