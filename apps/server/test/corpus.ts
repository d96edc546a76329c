import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared test corpus lives beside the repository (`<repo>/../shared/corpus`). */
export const corpusDir = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));
export const hasCorpus = existsSync(corpusDir);
if (!hasCorpus) {
  console.warn(`Test corpus not found at ${corpusDir}: corpus-based tests are skipped.`);
}

export const corpusFile = (relativePath: string): Buffer =>
  readFileSync(`${corpusDir}${relativePath}`);
