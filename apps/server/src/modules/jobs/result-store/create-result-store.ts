import { join } from 'node:path';
import type { Config } from '../../../config.ts';
import { createFsResultStore } from './fs-result-store.ts';
import type { ResultStore } from './result-store.ts';
import { createS3ResultStore } from './s3-result-store.ts';

/** The folder of DATA_DIR that holds job results when no bucket is configured. */
export const RESULTS_FOLDER = 'results';

/**
 * The bucket when S3_BUCKET is set, else files under `<DATA_DIR>/results`, which several
 * instances can only share on a common volume (docs/deploy.md, "Result storage").
 */
export const createResultStore = (config: Pick<Config, 'dataDir' | 's3'>): ResultStore =>
  config.s3
    ? createS3ResultStore(config.s3)
    : createFsResultStore(join(config.dataDir, RESULTS_FOLDER));
