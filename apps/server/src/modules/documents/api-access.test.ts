import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import {
  buildTestApp,
  rateLimitStoreConfig,
  testRateLimitStores,
  type TestApp,
} from '../../../test/test-app.ts';
import { apiKeyOf, generate, uploadTemplate } from '../../../test/templates.ts';
import { failedKeyLookupsPerIp } from './documents.routes.ts';

describe.each(testRateLimitStores())(
  'the generate endpoint for other systems (limits in %s)',
  (store) => {
    let app: TestApp;
    let apiKey: string;

    beforeAll(async () => {
      app = await buildTestApp('sqlite', {
        apiRateLimitPerMinute: 3,
        ...rateLimitStoreConfig(store),
      });
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

    it('limits unknown keys per address, then refuses every key from it until the window ends', async () => {
      // A Redis store outlives the test run: an address of its own keeps runs apart.
      const ip = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
      const body = { templateName: 'Form', fields: {} };
      const guess = (i: number) =>
        call(app, 'POST', '/v1/document/generate/template', {
          headers: { 'x-api-key': `plt_${String(i).padStart(43, 'G')}` },
          body,
          ip,
        });
      for (let i = 0; i < failedKeyLookupsPerIp.limit; i += 1) {
        expect((await guess(i)).statusCode).toBe(401);
      }
      const refused = await guess(failedKeyLookupsPerIp.limit);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      // A real key from that address is refused too (its answer would tell a guess from a hit);
      // from another address it works.
      const owner = await signUp(app);
      await uploadTemplate(app, owner, { name: 'Form', pdf: await makePdf() });
      const realKey = await apiKeyOf(app, owner, 'Form');
      const fromGuesser = await call(app, 'POST', '/v1/document/generate/template', {
        headers: { 'x-api-key': realKey },
        body,
        ip,
      });
      expect(fromGuesser.statusCode).toBe(429);
      expect((await generate(app, realKey, body)).statusCode).toBe(200);
    });
  },
);
