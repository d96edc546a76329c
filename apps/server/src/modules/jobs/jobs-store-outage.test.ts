import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { errorBody } from '../../../test/http.ts';
import {
  createBatch,
  getJob,
  pathOf,
  unzip,
  waitForJob,
  waitForJobState,
} from '../../../test/jobs.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { invoiceApiKey } from '../../../test/templates.ts';

/*
 * The object store really going away: an S3 server (s3rver, over HTTP, the real AWS SDK) holds a
 * job's results and is then stopped, so its port refuses connections, as a bucket's endpoint
 * that is down does.
 */
describe.each(testDatabases())(
  'a result download while the S3 server is stopped, on %s',
  (database) => {
    let app: TestApp;
    let s3: LocalS3 | undefined;
    let apiKey: string;

    beforeAll(async () => {
      s3 = await startLocalS3();
      app = await buildTestApp(database, { s3: s3.config });
      apiKey = await invoiceApiKey(app);
    });
    afterAll(async () => {
      await app?.dispose();
      await s3?.stop();
    });

    it('answers 503 SERVICE_UNAVAILABLE with Retry-After as problem details, never a 500', async () => {
      const created = await createBatch(app, apiKey, {
        templateName: 'Invoice',
        items: [{ Name: 'Ada' }],
        output: 'merged',
      });
      expect(created.statusCode, created.body).toBe(202);
      const job = await waitForJob(app, apiKey, created.json<{ id: string }>().id);
      expect(job.status).toBe('succeeded');
      const url = pathOf(job.results[0]!.signedUrl);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toMatchObject({ status: 'ok', resultStore: 'ok' });

      await s3?.stop();
      s3 = undefined;
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(errorBody(refused)).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
      expect(refused.json()).toMatchObject({
        type: 'https://platen.example/docs/errors#SERVICE_UNAVAILABLE',
        title: 'Service unavailable',
      });
      // What does not read the store is served meanwhile, and the instance stays ready.
      expect((await getJob(app, apiKey, job.id)).status).toBe('succeeded');
      const degraded = await app.inject({ method: 'GET', url: '/readyz' });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.json()).toMatchObject({ status: 'degraded', resultStore: 'unavailable' });
    });
  },
);

describe.each(testDatabases())(
  'a batch while the S3 server stops and comes back, on %s',
  (database) => {
    let app: TestApp;
    let s3: LocalS3;
    let apiKey: string;
    const lines: { event?: string; code?: string; err?: { message?: string } }[] = [];

    beforeAll(async () => {
      s3 = await startLocalS3();
      const log = createLogger(
        { logLevel: 'info' },
        { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
      );
      app = await buildTestApp(
        database,
        // Chunks of 1 item, each stored as it is made; a failed try waits a second.
        { s3: s3.config, jobs: { ...testConfig().jobs, chunkItems: 1, retrySeconds: 1 } },
        { log },
      );
      apiKey = await invoiceApiKey(app);
    });
    afterAll(async () => {
      await app?.dispose();
      await s3?.stop();
    });

    it('says why its try failed, then goes on from its last chunk and makes every item once', async () => {
      const items = Array.from({ length: 90 }, (_, index) => ({ Name: `Item ${index + 1}` }));
      const created = await createBatch(app, apiKey, {
        templateName: 'Invoice',
        items,
        fileName: '{Name}.pdf',
      });
      expect(created.statusCode, created.body).toBe(202);
      const id = created.json<{ id: string }>().id;

      await waitForJobState(app, apiKey, id, (job) => job.progress.done >= 1);
      await s3.pause();
      const waiting = await waitForJobState(app, apiKey, id, (job) => job.error !== null);
      expect(waiting).toMatchObject({
        status: 'running',
        error: { code: 'RESULT_STORE_UNAVAILABLE' },
      });
      expect(waiting.progress.done).toBeLessThan(90);
      await s3.resume();

      const job = await waitForJob(app, apiKey, id);
      expect(job).toMatchObject({
        status: 'succeeded',
        progress: { done: 90, failed: 0 },
        error: null,
      });
      expect(job.attempt).toBeGreaterThanOrEqual(2);
      const zip = unzip(
        (await app.inject({ method: 'GET', url: pathOf(job.results[0]!.signedUrl) })).rawPayload,
      );
      expect(Object.keys(zip)).toHaveLength(90);
      expect(Object.keys(zip)).toContain('Item 90.pdf');

      const failedTry = lines.find((line) => line.event === 'job.try_failed');
      expect(failedTry).toMatchObject({ code: 'RESULT_STORE_UNAVAILABLE' });
      expect(failedTry?.err?.message).toBeTruthy();
    });
  },
);
