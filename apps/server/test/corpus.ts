import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusBytes, type CorpusName } from '../../../test-fixtures/corpus.ts';
import { sharedCorpusDir } from '../../../test-fixtures/shared-corpus.ts';

export { corpusNames, folderOf, type CorpusName } from '../../../test-fixtures/corpus.ts';
export { hasSharedCorpus, sharedCorpusNames } from '../../../test-fixtures/shared-corpus.ts';

/** A file of the test corpus (test-fixtures/), built on first use. */
export const corpusBuffer = async (name: CorpusName): Promise<Buffer> =>
  Buffer.from(await corpusBytes(name));

/** A file of the third-party corpus (`../shared/corpus`) by its path there; check first. */
export const corpusFile = (relativePath: string): Buffer =>
  readFileSync(join(sharedCorpusDir, relativePath));
