import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/http.ts';
import { createBatch, getJob, keyHeaders, unzip, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testConfig, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, saveFields, textField, uploadTemplate } from '../../../test/templates.ts';

/** Items in a chunk: a batch steps aside between chunks when another account's job waits. */
const CHUNK_ITEMS = 2;
/** As many documents as a free plan makes in a month, less the short batch's one. */
const LONG_BATCH = 99;

const accountWithTemplate = async (app: TestApp) => {
  const account = await signUp(app);
  const uploaded = await uploadTemplate(app, account, { name: 'Label', pdf: await makePdf() });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  await saveFields(app, account, 'Label', [textField('Name')]);
  return apiKeyOf(app, account, 'Label');
};

describe.each(testDatabases())('jobs of several accounts on one worker, on %s', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    // One job at a time: without stepping aside, a second account would wait for the whole batch.
    app = await buildTestApp(database, {
      jobs: { ...testConfig().jobs, concurrency: 1, chunkItems: CHUNK_ITEMS },
    });
  });
  afterAll(() => app.dispose());

  it('serve a short batch while a long one runs, and the long one goes on where it stood', async () => {
    const [heavy, light] = [await accountWithTemplate(app), await accountWithTemplate(app)];
    const long = await createBatch(app, heavy, {
      templateName: 'Label',
      items: Array.from({ length: LONG_BATCH }, (_, i) => ({ Name: `Parcel ${i + 1}` })),
      output: 'zip',
      fileName: 'parcel.pdf',
    });
    expect(long.statusCode, long.body).toBe(202);
    const short = await createBatch(app, light, {
      templateName: 'Label',
      items: [{ Name: 'Letter' }],
      output: 'zip',
    });
    expect(short.statusCode, short.body).toBe(202);

    const shortJob = await waitForJob(app, light, short.json<{ id: string }>().id);
    const longWhenShortEnded = await getJob(app, heavy, long.json<{ id: string }>().id);
    expect(shortJob).toMatchObject({ status: 'succeeded', progress: { done: 1, total: 1 } });
    expect(longWhenShortEnded.status).not.toBe('succeeded');
    expect(longWhenShortEnded.progress.done).toBeLessThan(LONG_BATCH);

    const longJob = await waitForJob(app, heavy, long.json<{ id: string }>().id);
    // Stepping aside is not a try: the job was tried once, and made each item once.
    expect(longJob).toMatchObject({
      status: 'succeeded',
      attempt: 1,
      error: null,
      progress: { done: LONG_BATCH, failed: 0, total: LONG_BATCH },
    });
    const zip = await app.inject({
      method: 'GET',
      url: `/v1/jobs/${longJob.id}/results/zip`,
      headers: keyHeaders(heavy),
    });
    expect(zip.statusCode).toBe(200);
    const names = Object.keys(unzip(zip.rawPayload));
    expect(names).toEqual(
      Array.from({ length: LONG_BATCH }, (_, i) =>
        i === 0 ? 'parcel.pdf' : `parcel-${i + 1}.pdf`,
      ),
    );
  });
});
