import { afterAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../../test/http.ts';
import { generateWithKey, storedKeys } from '../../../test/idempotency.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, uploadTemplate } from '../../../test/templates.ts';

const HOURS = 60;

describe.each(testDatabases())('the idempotency sweeper (%s)', (database) => {
  let app: TestApp;
  afterAll(() => app.dispose());

  it('deletes expired keys and their answers, and only those', async () => {
    app = await buildTestApp(database, {
      idempotency: { windowMs: 24 * 3_600_000, leaseMs: 30_000, sweepIntervalMs: 20 },
    });
    const ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'Letter', pdf: await makePdf({ pages: 1 }) });
    const apiKey = await apiKeyOf(app, ada, 'Letter');
    const body = { templateName: 'Letter' };
    expect((await generateWithKey(app, { apiKey, key: 'old', body })).statusCode).toBe(200);
    app.clock.advanceMinutes(23 * HOURS);
    expect((await generateWithKey(app, { apiKey, key: 'recent', body })).statusCode).toBe(200);
    app.clock.advanceMinutes(2 * HOURS);
    // The sweeper runs every 20 ms of real time; wait for what it leaves.
    await vi.waitFor(async () => expect(await storedKeys(app)).toEqual(['recent']), {
      timeout: 10_000,
    });
  });
});
