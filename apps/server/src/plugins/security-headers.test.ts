import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('security headers', () => {
  it('are on every answer, the same for each, HSTS only behind https', async () => {
    app = await buildTestApp('sqlite', { appUrl: 'http://localhost:3000' });
    const first = await app.inject({ method: 'GET', url: '/healthz' });
    const second = await app.inject({ method: 'GET', url: '/healthz' });
    for (const res of [first, second]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
          "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';" +
          "worker-src 'self' blob:;frame-src 'self' blob:;object-src 'none';base-uri 'none';" +
          "frame-ancestors 'none';form-action 'self'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await app.close();
    app = await buildTestApp('sqlite', { appUrl: 'https://platen.example' });
    const secure = await app.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
