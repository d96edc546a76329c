import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/http.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { freePort } from '../../test/server-process.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { apiKeyOf, generate, uploadTemplate } from '../../test/templates.ts';
import { createLogger } from '../lib/logger.ts';

describe('rate limits while Redis is unreachable', () => {
  let app: TestApp;
  const lines: { level: number; event?: string; msg: string }[] = [];

  beforeAll(async () => {
    // Nothing listens there: every connection attempt is refused.
    const redisUrl = `redis://127.0.0.1:${await freePort()}`;
    const log = createLogger(
      { logLevel: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    app = await buildTestApp('sqlite', { redisUrl, apiRateLimitPerMinute: 2 }, { log });
  });
  afterAll(() => app.dispose());

  it('keeps serving, and warns once per outage rather than per request', async () => {
    const account = await signUp(app);
    await uploadTemplate(app, account, { name: 'Form', pdf: await makePdf() });
    const apiKey = await apiKeyOf(app, account, 'Form');
    for (let i = 0; i < 4; i += 1) {
      const res = await generate(app, apiKey, { templateName: 'Form', fields: {} });
      expect(res.statusCode).toBe(200);
      // Long enough for the client to retry the connection between calls.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const warnings = lines.filter((line) => line.event === 'rate_limit.store_unavailable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
  });
});
