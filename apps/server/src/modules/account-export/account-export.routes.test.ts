import type { AccountExport } from '@platen/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  exportAccount,
  fillAccount,
  getExport,
  startExport,
  waitForExport,
} from '../../../test/account-exports.ts';
import sharp from 'sharp';
import { call, errorBody, mailbox, signUp, type Account } from '../../../test/http.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pathOf, unzip } from '../../../test/jobs.ts';
import { usedThisCycle } from '../../../test/templates.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { webhookCalls } from '../../../test/webhooks.ts';

const json = (bytes: Uint8Array | undefined) =>
  JSON.parse(Buffer.from(bytes ?? []).toString('utf8')) as Record<string, unknown>;

describe.each(testDatabases())('exporting an account on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let templatePdf: Buffer;

  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
    templatePdf = await fillAccount(app, ada);
  });
  afterEach(() => app.dispose());
  const { addEndpoint } = webhookCalls(() => ({ app, account: ada }));

  it('prepares a ZIP with account.json and every PDF and stamp, and mails the account', async () => {
    const endpoint = await addEndpoint({ url: 'https://93.184.215.14/hooks', description: 'ERP' });
    const usedBefore = await usedThisCycle(app, ada.email);
    const done = await exportAccount(app, ada);
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.expiresAt).toBe(new Date(app.clock.now().getTime() + 24 * 3_600_000).toISOString());
    expect(done.download?.expiresAt).toBe(done.expiresAt);

    const res = await app.inject({ method: 'GET', url: pathOf(done.download?.url ?? '') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="platen-export-2026-03-01.zip"',
    );
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'account.json',
      'templates/Letter/stamps/stamp-1.png',
      'templates/Letter/template.pdf',
      'templates/Letter/versions/1/stamps/stamp-1.png',
      'templates/Letter/versions/1/template.pdf',
    ]);
    expect(done.progress.total).toBe(5);
    expect(Buffer.from(files['templates/Letter/template.pdf'] ?? [])).toEqual(templatePdf);
    expect(Buffer.from(files['templates/Letter/versions/1/template.pdf'] ?? [])).toEqual(
      templatePdf,
    );
    expect(Buffer.from(files['templates/Letter/stamps/stamp-1.png'] ?? []).subarray(1, 4)).toEqual(
      Buffer.from('PNG'),
    );

    const account = json(files['account.json']);
    expect(account).toMatchObject({
      profile: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', picture: null },
      subscription: { plan: 'FREE', status: 'ACTIVE', documentsThisCycle: 1 },
      subscriptionHistory: [],
      usagePerMonth: [{ month: '2026-03', documents: 1 }],
      webhookEndpoints: [
        {
          id: endpoint.id,
          url: 'https://93.184.215.14/hooks',
          description: 'ERP',
          events: ['job.succeeded'],
          enabled: true,
          failing: false,
          createdAt: endpoint.createdAt,
          previousSecretExpiresAt: null,
        },
      ],
      templates: [
        {
          name: 'Letter',
          publishedVersion: 1,
          file: 'templates/Letter/template.pdf',
          fields: [expect.objectContaining({ label: 'Name' })],
          stamps: [
            {
              page: 1,
              rectX: 10,
              rectY: 10,
              rectWidth: 20,
              rectHeight: 20,
              file: 'templates/Letter/stamps/stamp-1.png',
            },
          ],
          versions: [
            {
              number: 1,
              publishedBy: 'ada@example.com',
              file: 'templates/Letter/versions/1/template.pdf',
              stamps: [
                expect.objectContaining({ file: 'templates/Letter/versions/1/stamps/stamp-1.png' }),
              ],
            },
          ],
        },
      ],
    });
    // No secret leaves in an export: no password hash, no API key, no signing secret.
    const text = Buffer.from(files['account.json'] ?? []).toString('utf8');
    expect(text).not.toMatch(/password|argon|apiKey|"secret"|whsec_/i);
    expect(text).not.toContain(endpoint.secret);

    // An export is not a generated document.
    expect(await usedThisCycle(app, ada.email)).toBe(usedBefore);
    const mails = await mailbox(app, ada.email);
    const ready = mails.find((mail) => mail.subject === 'Your Platen data export is ready');
    expect(ready?.text).toContain(`https://platen.example/admin/profile?export=${done.id}`);
    expect(ready?.text).toContain('until 2026-03-02 09:00 UTC');
    // Exports are not batches: GET /v1/jobs does not list them.
    const jobs = await call(app, 'GET', '/v1/jobs', { token: ada.token });
    expect(jobs.json()).toMatchObject({ jobs: [], total: 0 });
  });

  it('answers the running export when asked again, also to requests that race', async () => {
    // The workers stopped: exports stay queued.
    await app.jobs.startWorking();
    await app.jobs.stopWorking();
    const racing = await Promise.all([1, 2, 3].map(() => startExport(app, ada)));
    expect(racing.map((res) => res.statusCode)).toEqual([202, 202, 202]);
    const ids = new Set(racing.map((res) => res.json<AccountExport>().id));
    expect(ids.size).toBe(1);
    const again = await startExport(app, ada);
    expect(again.json<AccountExport>()).toMatchObject({
      id: [...ids][0],
      status: 'queued',
      progress: { done: 0, total: 0 },
      download: null,
    });
  });

  it('holds the profile picture, and starts at most 5 exports an hour', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'me.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    const uploaded = await call(app, 'POST', '/v1/user/picture', {
      token: ada.token,
      headers,
      body: payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const first = await exportAccount(app, ada);
    const files = unzip(
      (await app.inject({ method: 'GET', url: pathOf(first.download?.url ?? '') })).rawPayload,
    );
    expect(json(files['account.json'])).toMatchObject({
      profile: { picture: 'profile-picture.png' },
    });
    expect((await sharp(files['profile-picture.png']).metadata()).format).toBe('png');

    for (let i = 0; i < 4; i += 1) await exportAccount(app, ada);
    const limited = await startExport(app, ada);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it(
    'fails an export that cannot be written after its tries, keeping no file',
    { timeout: 90_000 },
    async () => {
      // A template's PDF gone from under the export: every try fails on it.
      await app.deps.db.deleteFrom('template_files').execute();
      const started = await startExport(app, ada);
      const failed = await waitForExport(app, ada, started.json<AccountExport>().id);
      expect(failed).toMatchObject({ status: 'failed', download: null });
      for (const attempt of [1, 2, 3]) {
        const key = `jobs/${failed.id}/${attempt}/account-export.zip`;
        expect(await app.deps.results.read(key)).toBeUndefined();
      }
      const mails = await mailbox(app, ada.email);
      expect(mails.some((mail) => mail.subject.includes('data export'))).toBe(false);
      // A failed export does not hold the next one back.
      const next = await startExport(app, ada);
      expect(next.statusCode).toBe(202);
      expect(next.json<AccountExport>().id).not.toBe(failed.id);
    },
  );

  it("keeps another account's export and a changed or expired link at 404", async () => {
    const done = await exportAccount(app, ada);
    const bob = await signUp(app, { email: 'bob@example.com' });
    const foreign = await getExport(app, bob, done.id);
    expect(foreign.statusCode).toBe(404);
    expect(errorBody(foreign)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: `There is no export with the id "${done.id}".`,
    });
    expect((await call(app, 'GET', `/v1/jobs/${done.id}`, { token: ada.token })).statusCode).toBe(
      404,
    );
    const link = new URL(done.download?.url ?? '');
    const forged = `${link.pathname}?expires=${Number(link.searchParams.get('expires')) + 60}&signature=${link.searchParams.get('signature')}`;
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const unsigned = await app.inject({ method: 'GET', url: link.pathname });
    expect(unsigned.statusCode).toBe(400);

    app.clock.advanceMinutes(24 * 60 + 1);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(done.download?.url ?? '') })).statusCode,
    ).toBe(404);
    // Swept like a batch's results: the row and its ZIP go.
    const kept = await app.deps.results.read(`jobs/${done.id}/1/account-export.zip`);
    expect(kept).toBeDefined();
    kept?.stream.destroy();
    expect(await app.jobs.sweep()).toBe(1);
    expect(await app.deps.results.read(`jobs/${done.id}/1/account-export.zip`)).toBeUndefined();
    expect(await app.deps.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });
});
