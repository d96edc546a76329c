import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { digestOf, inChunks } from '../../../../test/result-data.ts';
import { startLocalS3, type LocalS3 } from '../../../../test/s3-server.ts';
import { createResultStore } from './create-result-store.ts';
import { createS3ResultStore } from './s3-result-store.ts';

describe('choosing where results are kept', () => {
  let dataDir: string;
  let s3: LocalS3;
  const key = `jobs/${randomUUID()}/1/results.zip`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'platen-data-'));
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps results under DATA_DIR/results when no bucket is configured', async () => {
    const store = createResultStore(loadConfig({ DATA_DIR: dataDir }));
    await store.put(key, inChunks(Buffer.from('on disk')));
    expect(existsSync(join(dataDir, 'results', ...key.split('/')))).toBe(true);
    await store.close();
  });

  it('keeps results in the bucket when S3_BUCKET is set, and nothing on disk', async () => {
    const { bucket, endpoint, credentials } = s3.config;
    const config = loadConfig({
      DATA_DIR: join(dataDir, 'unused'),
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials?.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials?.secretAccessKey,
    });
    const store = createResultStore(config);
    await store.put(key, inChunks(Buffer.from('in the bucket')));
    await store.close();

    expect(existsSync(join(dataDir, 'unused'))).toBe(false);
    const bucketStore = createS3ResultStore(s3.config);
    const stored = await bucketStore.read(key);
    expect(stored && (await digestOf(stored.stream)).bytes).toBe('in the bucket'.length);
    await bucketStore.close();
  });
});
