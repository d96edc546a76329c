import type { ServerResponse } from 'node:http';
import type { ErrorResponse, Job } from '@platen/contract';
import { IDEMPOTENT_REPLAYED_HEADER } from '@platen/contract';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import {
  createBatch,
  keyHeaders,
  getJob,
  pathOf,
  unzip,
  waitForJob,
  waitForJobState,
} from '../../../test/jobs.ts';
import { hasOpenssl, startLocalHttps, type LocalHttps } from '../../../test/local-https.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';
import { createS3Client } from './result-store/s3-result-store.ts';

/**
 * A job's life past the happy path: cancelled while it waits or while it runs, started twice
 * with one Idempotency-Key, its results in an S3 bucket and deleted when they expire.
 */
describe.runIf(hasOpenssl).each(testDatabases())('a job from start to expiry on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let images: LocalHttps;
  let s3: LocalS3;
  const held: ServerResponse[] = [];
  let png: Buffer;
  const releaseHeld = () => held.splice(0).forEach((res) => res.end(png));

  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    images = await startLocalHttps((req, res) => {
      if (req.url === '/slow.png') held.push(res);
      else res.end(png);
    });
    s3 = await startLocalS3();
    // One job at a time, so a second job waits in the queue while the first runs.
    app = await buildTestApp(
      database,
      { s3: s3.config, jobs: { ...testConfig().jobs, concurrency: 1 } },
      { imageNetwork: images.network },
    );
    ada = await signUp(app);
    const uploaded = await uploadTemplate(app, ada, {
      name: 'Badge',
      pdf: await makePdf({ pages: 1 }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await saveFields(app, ada, 'Badge', [
      textField('Name'),
      textField('Photo', { fieldType: 'image', rectY: 220, rectWidth: 60, rectHeight: 60 }),
    ]);
    apiKey = await apiKeyOf(app, ada, 'Badge');
  });
  afterAll(async () => {
    releaseHeld();
    images.close();
    await app.dispose();
    await s3.stop();
  });

  it('cancels a running job and a waiting one, giving back every document not produced', async () => {
    const before = await usedThisCycle(app, ada.email);
    const slow = await createBatch(app, apiKey, {
      templateName: 'Badge',
      items: [{ Name: 'A', Photo: `${images.base}/slow.png` }, { Name: 'B' }, { Name: 'C' }],
    });
    const running = slow.json<Job>();
    await waitForJobState(app, apiKey, running.id, (job) => job.status === 'running');
    const waiting = (
      await createBatch(app, apiKey, { templateName: 'Badge', items: [{ Name: 'D' }] })
    ).json<Job>();
    expect((await getJob(app, apiKey, waiting.id)).status).toBe('queued');
    expect(await usedThisCycle(app, ada.email)).toBe(before + 4);

    const canceledWaiting = await call(app, 'DELETE', `/v1/jobs/${waiting.id}`, {
      token: ada.token,
    });
    expect(canceledWaiting.json<Job>()).toMatchObject({ status: 'canceled', results: [] });
    const canceledRunning = await call(app, 'DELETE', `/v1/jobs/${running.id}`, {
      token: ada.token,
    });
    expect(canceledRunning.statusCode, canceledRunning.body).toBe(200);
    expect(canceledRunning.json<Job>().status).toBe('canceled');
    expect(await usedThisCycle(app, ada.email)).toBe(before);

    // The try that ran notices at its next step and stops without counting or storing anything.
    releaseHeld();
    const next = await createBatch(app, apiKey, { templateName: 'Badge', items: [{ Name: 'E' }] });
    await waitForJob(app, apiKey, next.json<Job>().id);
    expect(await getJob(app, apiKey, running.id)).toMatchObject({
      status: 'canceled',
      results: [],
    });
    expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
  });

  it('starts a batch once for one Idempotency-Key, and refuses the key with another body', async () => {
    const before = await usedThisCycle(app, ada.email);
    const body = { templateName: 'Badge', items: [{ Name: 'Once' }] };
    const key = { 'idempotency-key': `batch-${database}-1` };
    const first = await createBatch(app, apiKey, body, key);
    expect(first.statusCode, first.body).toBe(202);
    const again = await createBatch(app, apiKey, body, key);
    expect(again.statusCode).toBe(202);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json<Job>().id).toBe(first.json<Job>().id);
    const other = await createBatch(app, apiKey, { ...body, items: [{ Name: 'Twice' }] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json<ErrorResponse>().code).toBe('IDEMPOTENCY_KEY_REUSED');
    await waitForJob(app, apiKey, first.json<Job>().id);
    expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
  });

  it('keeps results in the bucket until they expire, then deletes job and files', async () => {
    const res = await createBatch(app, apiKey, {
      templateName: 'Badge',
      items: [{ Name: 'Kept' }],
    });
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    const zip = job.results.find((r) => r.kind === 'zip')!;
    const download = await app.inject({ method: 'GET', url: pathOf(zip.signedUrl) });
    expect(Object.keys(unzip(download.rawPayload))).toEqual(['document-1.pdf']);
    const [key] = await listBucket(s3, `jobs/${job.id}/`);
    expect(key).toMatch(new RegExp(`^jobs/${job.id}/\\d+/documents\\.zip$`));

    app.clock.advanceMinutes(7 * 24 * 60 - 1);
    expect(await app.jobs.sweep()).toBe(0);
    app.clock.advanceMinutes(2);
    expect(await app.jobs.sweep()).toBeGreaterThan(0);
    const gone = await app.inject({
      method: 'GET',
      url: `/v1/jobs/${job.id}`,
      headers: keyHeaders(apiKey),
    });
    expect(gone.statusCode, gone.body).toBe(404);
    expect(await listBucket(s3, `jobs/${job.id}/`)).toEqual([]);
  });
});

/** The keys in the bucket under `prefix`, read with the real SDK. */
const listBucket = async (s3: LocalS3, prefix: string) => {
  const client = createS3Client(s3.config);
  const listed = await client.send(
    new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix }),
  );
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
};
