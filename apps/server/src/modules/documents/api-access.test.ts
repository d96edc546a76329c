import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, generate, uploadTemplate } from '../../../test/templates.ts';

describe('the generate endpoint for other systems', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp('sqlite', { apiRateLimitPerMinute: 3 });
    const account = await signUp(app);
    await uploadTemplate(app, account, { name: 'Form', pdf: await makePdf() });
    apiKey = await apiKeyOf(app, account, 'Form');
  });
  afterAll(() => app.dispose());

  it('answers a cross-origin preflight, and only for itself', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/document/generate/template',
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-api-key');
    const profile = await call(app, 'GET', '/v1/user/profile', {
      headers: { origin: 'https://evil.example' },
    });
    expect(profile.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits calls per key with 429, Retry-After and X-RateLimit headers', async () => {
    const first = await generate(app, apiKey, { templateName: 'Form', fields: {} });
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    await generate(app, apiKey, { templateName: 'Form', fields: {} });
    await generate(app, apiKey, { templateName: 'Form', fields: {} });
    const limited = await generate(app, apiKey, { templateName: 'Form', fields: {} });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    const otherKey = await generate(app, `plt_${'B'.repeat(43)}`, {
      templateName: 'Form',
      fields: {},
    });
    expect(otherKey.statusCode).toBe(401);
  });
});
