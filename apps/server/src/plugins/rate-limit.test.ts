import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../test/http.ts';
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

/** A Redis of this test's own, so stopping it (SIGSTOP) freezes nobody else's. */
const startOwnRedis = async () => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'platen-redis-'));
  const pidFile = join(dir, 'redis.pid');
  execFileSync('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile,
    '--dir',
    dir,
  ]);
  // Daemonized: it answers, and has written its pid, a moment after the command returns.
  for (let tries = 0; !existsSync(pidFile); tries += 1) {
    if (tries > 100) throw new Error(`redis-server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const admin = new Redis(`redis://127.0.0.1:${port}`);
  await admin.ping();
  const pid = Number(readFileSync(pidFile, 'utf8'));
  /** Rate-limit script runs Redis has executed since the last reset of its statistics. */
  const scriptCalls = async () => {
    const stats = await admin.info('commandstats');
    return [...stats.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
  };
  const stop = async () => {
    admin.disconnect();
    process.kill(pid, 'SIGCONT');
    process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `redis://127.0.0.1:${port}`, pid, admin, scriptCalls, stop };
};

describe('rate limits while Redis is frozen', () => {
  let app: TestApp;
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  const lines: { level: number; event?: string; msg: string; timeoutMs?: number }[] = [];
  const events = (event: string) => lines.filter((line) => line.event === event);
  const coolDownMs = 1_000;

  beforeAll(async () => {
    redis = await startOwnRedis();
    const log = createLogger(
      { logLevel: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    app = await buildTestApp(
      'sqlite',
      { redisUrl: redis.url, redisCalls: { timeoutMs: 100, coolDownMs } },
      { log },
    );
  });
  afterAll(async () => {
    await app?.dispose();
    await redis?.stop();
  });

  it('skips Redis after one timed-out command, and counts again once it answers', async () => {
    const account = await signUp(app);
    await uploadTemplate(app, account, { name: 'Form', pdf: await makePdf() });
    const apiKey = await apiKeyOf(app, account, 'Form');
    const readiness = async () =>
      (await call(app, 'GET', '/readyz')).json<{ status: string; redis?: string }>();
    const breaker = app.rateLimitStore!.breaker;

    expect((await generate(app, apiKey, { templateName: 'Form', fields: {} })).statusCode).toBe(
      200,
    );
    expect(await redis.scriptCalls()).toBeGreaterThan(0);
    expect(await readiness()).toMatchObject({ status: 'ok', redis: 'ok' });
    await redis.admin.config('RESETSTAT');
    const before = breaker.counts();

    process.kill(redis.pid, 'SIGSTOP');
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await generate(app, apiKey, { templateName: 'Form', fields: {} });
        expect(res.statusCode).toBe(200);
      }
      expect(breaker.state()).toBe('open');
      expect(await readiness()).toMatchObject({ status: 'degraded', redis: 'unavailable' });
      // One command waited for its timeout; every later one was skipped without being sent.
      const during = breaker.counts();
      expect(during.attempted - before.attempted).toBe(1);
      expect(during.skipped - before.skipped).toBeGreaterThanOrEqual(5);
      const warnings = events('rate_limit.store_unavailable');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, timeoutMs: 100 });
      expect(events('rate_limit.store_recovered')).toHaveLength(0);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    // What reached Redis while it was frozen: the one timed-out command, no more.
    await expect.poll(() => redis.scriptCalls()).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, coolDownMs));
    for (let i = 0; i < 3; i += 1) {
      expect((await generate(app, apiKey, { templateName: 'Form', fields: {} })).statusCode).toBe(
        200,
      );
    }
    expect(breaker.state()).toBe('closed');
    expect(await redis.scriptCalls()).toBeGreaterThanOrEqual(1 + 3);
    expect(await readiness()).toMatchObject({ status: 'ok', redis: 'ok' });
    const recovered = events('rate_limit.store_recovered');
    expect(recovered).toHaveLength(1);
    expect(recovered[0]?.level).toBe(30);
    expect(events('rate_limit.store_unavailable')).toHaveLength(1);
  });
});
