import type { Job } from '@platen/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { capturedLog, userIdOf } from '../../../test/billing.ts';
import { corpusBuffer } from '../../../test/corpus.ts';
import { call, signUp } from '../../../test/http.ts';
import { createBatch, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import {
  buildTestApp,
  testDatabases,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
} from '../../../test/templates.ts';
import { createPdfPool } from '../../pdf-pool/pdf-pool.ts';

const dataUri = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/** An account with a one-page template holding one field, and its API key. */
const accountWithTemplate = async (app: TestApp, name: string, fieldType: 'text' | 'image') => {
  const account = await signUp(app);
  const pdf = await makePdf();
  const uploaded = await uploadTemplate(app, account, { name, pdf });
  // A fresh worker's first task loads the renderer, which a busy machine may not finish within
  // this pool's short time limit. The template is not what is tested: try once more, say so.
  if (uploaded.statusCode === 422) {
    console.warn(`the template "${name}" hit the short time limit on a fresh worker; once more`);
    expect((await uploadTemplate(app, account, { name, pdf })).statusCode).toBe(200);
  }
  await saveFields(app, account, name, [
    textField('Value', { fieldType, rectHeight: fieldType === 'image' ? 200 : 20 }),
  ]);
  return {
    account,
    apiKey: await apiKeyOf(app, account, name),
    id: await userIdOf(app, account.email),
  };
};

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** An app whose PDF pool has two workers (so tasks queue on any machine) and tells its events. */
const appWithPool = async (database: TestDatabase, taskTimeoutMs?: number) => {
  const logged = capturedLog();
  const events: string[] = [];
  const pdfPool = createPdfPool({
    log: logged.log,
    threads: 2,
    ...(taskTimeoutMs && { taskTimeoutMs }),
    observe: ({ kind, name, userId }) => events.push(`${kind} ${name} ${userId}`),
  });
  const app = await buildTestApp(database, {}, { pdfPool });
  return { app, pdfPool, logged, events };
};

describe.each(testDatabases())('the PDF workers on %s', (database) => {
  /*
   * A time limit short enough for a test: the hostile picture needs 5-7 s of work here, an
   * ordinary document a fraction of a second.
   */
  it(
    'answers every hostile generate, replaces stopped workers, and serves another account',
    { timeout: 120_000 },
    async () => {
      const { app, pdfPool, logged } = await appWithPool(database, 2_000);
      try {
        const mallory = await accountWithTemplate(app, 'Mosaic', 'image');
        const ada = await accountWithTemplate(app, 'Letter', 'text');
        // 30 KB of PNG that takes pdf-lib seconds to embed: each one is stopped at the limit.
        const noise = dataUri(await corpusBuffer('png-two-colour-noise-2800px.png'));
        const flood = Array.from({ length: 4 }, () =>
          generate(app, mallory.apiKey, { templateName: 'Mosaic', fields: { Value: noise } }),
        );
        const adaDuring = generate(app, ada.apiKey, {
          templateName: 'Letter',
          fields: { Value: 'Ada, during the flood' },
        });
        for (const res of await Promise.all(flood)) {
          expect(res.statusCode).toBe(422);
          expect(res.json()).toMatchObject({ code: 'PDF_TOO_COMPLEX' });
        }
        expect((await adaDuring).statusCode).toBe(200);
        const adaAfter = await generate(app, ada.apiKey, {
          templateName: 'Letter',
          fields: { Value: 'Ada, after the flood' },
        });
        expect(adaAfter.statusCode).toBe(200);

        expect(pdfPool.stats()).toMatchObject({ running: 0, waiting: 0 });
        expect(pdfPool.stats().workersAlive).toBeGreaterThan(0);
        const ready = await call(app, 'GET', '/readyz');
        expect(ready.statusCode).toBe(200);
        const { pdfWorkers } = ready.json<{ pdfWorkers: Record<string, number> }>();
        expect(pdfWorkers).toMatchObject({ running: 0, waiting: 0 });
        expect(pdfWorkers.alive).toBeGreaterThan(0);
        const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(metrics).toMatch(/^pdf_worker_queue_length 0$/m);
        expect(metrics).toMatch(/^pdf_workers_alive [1-9]\d*$/m);

        const stops = logged.events().filter((line) => line.event === 'pdf.task_stopped');
        expect(stops).toHaveLength(4);
        for (const line of stops) {
          expect(line).toMatchObject({
            level: 40,
            task: 'fillDocument',
            reason: 'time limit (2000 ms)',
            userId: mallory.id,
          });
        }
      } finally {
        await app.dispose();
      }
    },
  );

  it(
    "starts another account's single fill before the rest of a large batch",
    { timeout: 120_000 },
    async () => {
      const { app, events } = await appWithPool(database);
      try {
        const grace = await accountWithTemplate(app, 'Gallery', 'image');
        const alan = await accountWithTemplate(app, 'Note', 'text');
        // Twelve different pictures: a fraction of a second of work each, none cached.
        const pictures = await Promise.all(
          Array.from({ length: 12 }, async (_, i) =>
            dataUri(
              await sharp({
                create: {
                  width: 1500,
                  height: 1500,
                  channels: 4,
                  background: { r: 30, g: 20 * i, b: 200, alpha: 0.5 },
                },
              })
                .png()
                .toBuffer(),
            ),
          ),
        );
        const count = (event: string) => events.filter((e) => e === event).length;
        const graceWaiting = () =>
          count(`queued fillDocument ${grace.id}`) - count(`started fillDocument ${grace.id}`);
        const batch = await createBatch(app, grace.apiKey, {
          templateName: 'Gallery',
          items: pictures.map((picture) => ({ Value: picture })),
        });
        expect(batch.statusCode, batch.body).toBe(202);
        await until(() => graceWaiting() >= 4);

        const seen = events.length;
        const res = await generate(app, alan.apiKey, {
          templateName: 'Note',
          fields: { Value: 'Hello' },
        });
        expect(res.statusCode).toBe(200);
        const job = await waitForJob(app, grace.apiKey, batch.json<Job>().id);
        expect(job).toMatchObject({ status: 'succeeded', progress: { done: 12, failed: 0 } });

        // Grace had fills waiting when Alan's came. His started on the next free worker: before
        // it, a worker could only start what had been handed to it already (one per worker).
        const after = events.slice(seen);
        const queued = after.indexOf(`queued fillDocument ${alan.id}`);
        const started = after.indexOf(`started fillDocument ${alan.id}`);
        expect(queued).toBeGreaterThanOrEqual(0);
        expect(started).toBeGreaterThan(queued);
        const startsBefore = after.slice(queued, started).filter((e) => e.startsWith('started'));
        expect(startsBefore.length).toBeLessThanOrEqual(2);
        expect(after.slice(started)).toContain(`started fillDocument ${grace.id}`);
      } finally {
        await app.dispose();
      }
    },
  );
});
