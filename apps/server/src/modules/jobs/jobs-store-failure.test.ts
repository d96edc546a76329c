import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Account } from '../../../test/http.ts';
import { createBatch, pathOf, unzip, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { webhookCalls } from '../../../test/webhooks.ts';
import {
  apiKeyOf,
  invoiceApiKey,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';
import { MAX_ATTEMPTS } from './try-protocol.ts';
import { createFsResultStore } from './result-store/fs-result-store.ts';
import type { ResultStore } from './result-store/result-store.ts';

/**
 * A store that takes the first bytes of every write and then refuses it, reading no further, as
 * a full disk or a bucket that turned the upload down would.
 */
const refusingStore = () => {
  const keys: string[] = [];
  const store: ResultStore = {
    put: async (key, source) => {
      keys.push(key);
      await source[Symbol.asyncIterator]().next();
      throw new Error('the bucket refused the upload');
    },
    read: async () => undefined,
    remove: async () => undefined,
    removeUnder: async () => undefined,
    close: async () => undefined,
  };
  return { store, keys };
};

describe.each(testDatabases())('a job whose result store fails, on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  const refusing = refusingStore();

  beforeAll(async () => {
    app = await buildTestApp(
      database,
      { webhooks: { ...testConfig().webhooks, allowPrivateUrls: true } },
      { results: refusing.store },
    );
    ada = await signUp(app);
    await webhookCalls(() => ({ app, account: ada })).addEndpoint({
      url: 'http://127.0.0.1:9/hooks',
      events: ['job.failed'],
    });
    const uploaded = await uploadTemplate(app, ada, { name: 'Invoice', pdf: await makePdf() });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await saveFields(app, ada, 'Invoice', [textField('Name')]);
    apiKey = await apiKeyOf(app, ada, 'Invoice');
  });
  afterAll(() => app.dispose());

  it('ends as failed after its tries with the reason, stores nothing and gives every document back', async () => {
    const before = await usedThisCycle(app, ada.email);
    const items = Array.from({ length: 3 }, (_, i) => ({ Name: `Customer ${i + 1}` }));
    const created = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items,
      output: 'both',
    });
    expect(created.statusCode, created.body).toBe(202);

    const job = await waitForJob(app, apiKey, created.json<{ id: string }>().id);

    expect(job).toMatchObject({
      status: 'failed',
      progress: { failed: 0, total: 3 },
      failures: [],
      results: [],
      attempt: MAX_ATTEMPTS,
      error: { code: 'RESULT_STORE_UNAVAILABLE', stage: 'documents' },
    });
    expect(job.error?.message).toMatch(/could not be stored/);
    // The job.failed event says why too.
    const event = await app.deps.db
      .selectFrom('webhook_events')
      .select('data_json')
      .where('type', '=', 'job.failed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data_json)).toMatchObject({
      jobId: job.id,
      status: 'failed',
      error: { code: 'RESULT_STORE_UNAVAILABLE', stage: 'documents' },
    });
    // Every try wrote its first chunk's parts and was refused; the last one ended the job.
    const tries = new Set(refusing.keys.map((key) => key.split('/')[3]));
    expect([...tries]).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => String(i + 1)));
    expect(await usedThisCycle(app, ada.email)).toBe(before);
  });
});

describe.each(testDatabases())('a job whose store fails for a moment, on %s', (database) => {
  let app: TestApp;
  let apiKey: string;
  const dir = mkdtempSync(join(tmpdir(), 'platen-results-'));
  const files = createFsResultStore(dir);
  const puts: string[] = [];
  let refusals = 1;
  // The store refuses the second chunk's part once, as a bucket that is restarting would.
  const flaky: ResultStore = {
    ...files,
    put: async (key, source, options) => {
      puts.push(key);
      if (key.endsWith('/1.zip') && refusals-- > 0) {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:9000'), {
          code: 'ECONNREFUSED',
        });
      }
      return files.put(key, source, options);
    },
  };

  beforeAll(async () => {
    app = await buildTestApp(
      database,
      { jobs: { ...testConfig().jobs, chunkItems: 2 } },
      { results: flaky },
    );
    apiKey = await invoiceApiKey(app);
  });
  afterAll(async () => {
    await app.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('goes on from its last chunk on the next try and succeeds, every item once', async () => {
    const created = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items: Array.from({ length: 6 }, (_, i) => ({ Name: `Customer ${i + 1}` })),
      output: 'zip',
    });
    const job = await waitForJob(app, apiKey, created.json<{ id: string }>().id);

    expect(job).toMatchObject({
      status: 'succeeded',
      attempt: 2,
      error: null,
      progress: { done: 6, failed: 0, total: 6 },
    });
    // The first chunk was stored once: the second try went on from it.
    const parts = puts
      .filter((key) => key.includes('/parts/'))
      .map((key) => key.split('/').slice(3).join('/'));
    expect(parts).toEqual(['1/0.zip', '1/1.zip', '2/1.zip', '2/2.zip']);
    const zip = await app.inject({ method: 'GET', url: pathOf(job.results[0]!.signedUrl) });
    expect(Object.keys(unzip(zip.rawPayload))).toEqual(
      Array.from({ length: 6 }, (_, i) => `document-${i + 1}.pdf`),
    );
  });
});

describe.each(testDatabases())(
  'a result download while the store is unreachable, on %s',
  (database) => {
    let app: TestApp;
    let apiKey: string;
    let isReachable = true;
    const dir = mkdtempSync(join(tmpdir(), 'platen-results-'));
    const files = createFsResultStore(dir);
    // The store as S3 answers when it cannot be reached: writes go through, reads are refused.
    const flaky: ResultStore = {
      ...files,
      read: async (key) => {
        if (isReachable) return files.read(key);
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:9000'), {
          code: 'ECONNREFUSED',
        });
      },
    };

    beforeAll(async () => {
      app = await buildTestApp(database, {}, { results: flaky });
      apiKey = await invoiceApiKey(app);
    });
    afterAll(async () => {
      await app.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After, and the file once the store is back', async () => {
      const created = await createBatch(app, apiKey, {
        templateName: 'Invoice',
        items: [{ Name: 'Ada' }],
        output: 'merged',
      });
      const job = await waitForJob(app, apiKey, created.json<{ id: string }>().id);
      const url = pathOf(job.results[0]!.signedUrl);
      isReachable = false;
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      isReachable = true;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    });
  },
);
