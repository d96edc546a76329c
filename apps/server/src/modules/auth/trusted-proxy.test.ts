import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../../test/http.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { TrustProxy } from '../../config/trust-proxy.ts';
import { rateRules } from '../rate-limits/index.ts';

/**
 * Which address the per-address limits count (security.md §2), seen through the forgot-password
 * limit: the right-most X-Forwarded-For entry a trusted proxy wrote, never one a client wrote.
 */
describe('the client address behind proxies', () => {
  let app: TestApp | undefined;
  afterEach(() => app?.dispose());

  const start = async (trustProxy: TrustProxy) => {
    app = await buildTestApp('sqlite', { trustProxy });
    return app;
  };
  let counter = 0;
  const requestReset = (a: TestApp, from: string, forwardedFor?: string) =>
    call(a, 'POST', '/v1/user/password/reset/request', {
      body: { email: `proxy${(counter += 1)}@example.com` },
      ip: from,
      ...(forwardedFor !== undefined && { headers: { 'x-forwarded-for': forwardedFor } }),
    });
  const { limit } = rateRules.resetRequestPerIp;

  it('with one trusted hop, counts the entry the proxy appended, whatever the client forged before it', async () => {
    const a = await start({ hops: 1 });
    for (let i = 0; i < limit; i += 1) {
      const res = await requestReset(a, '10.0.0.1', `198.18.0.${i}, 198.51.100.9`);
      expect(res.statusCode).toBe(200);
    }
    const forged = await requestReset(a, '10.0.0.1', '198.18.1.1, 198.51.100.9');
    expect(forged.statusCode).toBe(429);
    expect(Number(forged.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy has a budget of its own.
    expect((await requestReset(a, '10.0.0.1', '198.51.100.10')).statusCode).toBe(200);
  });

  it('with a list of proxies, believes X-Forwarded-For only from them', async () => {
    const a = await start({ addresses: ['10.0.0.0/8'] });
    for (let i = 0; i < limit; i += 1) {
      // Not from a listed proxy: the header is ignored and the peer itself is counted.
      const res = await requestReset(a, '192.0.2.50', `198.51.100.${i}`);
      expect(res.statusCode).toBe(200);
    }
    expect((await requestReset(a, '192.0.2.50', '198.51.100.200')).statusCode).toBe(429);
    // Through the listed proxy, each client counts alone, and a forged left-most entry is skipped.
    for (let i = 0; i < limit; i += 1) {
      const res = await requestReset(a, '10.1.2.3', '192.0.2.50, 198.51.100.77');
      expect(res.statusCode).toBe(200);
    }
    expect((await requestReset(a, '10.1.2.3', '198.18.9.9, 198.51.100.77')).statusCode).toBe(429);
    expect((await requestReset(a, '10.1.2.3', '198.51.100.78')).statusCode).toBe(200);
  });
});
