import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucher } from '../../src/modules/billing/vouchers/voucher-admin.ts';
import { makePdf } from '../pdf-fixtures.ts';
import {
  remoteApiKey,
  remoteCall,
  remoteCreateTemplate,
  remoteGenerate,
  remoteSignUp,
  type RemoteAccount,
  type RemoteResponse,
} from '../remote.ts';
import { createSystemData, type SystemData } from '../system-server.ts';
import { TEST_REDIS_TIMEOUT_MS } from '../test-app.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.warn(
    'TEST_DATABASE_URL is not set: the two-instance test (two servers on one PostgreSQL) is skipped.',
  );
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    'TEST_REDIS_URL is not set: the per-key rate limit shared by two instances through Redis is skipped.',
  );
}

const statuses = (answers: RemoteResponse[]) =>
  answers.reduce<Record<number, number>>((count, { status }) => {
    count[status] = (count[status] ?? 0) + 1;
    return count;
  }, {});

/**
 * Two server processes on one PostgreSQL database and one APP_SECRET, behind a trusted proxy
 * (each client has its own X-Forwarded-For address). Every call is sent to both at once.
 */
describe.runIf(hasPostgres)('two instances on one PostgreSQL', () => {
  let data: SystemData;
  let servers: [string, string];
  /** The instance for the i-th request: alternating, so every race spans both. */
  const via = (i: number) => servers[i % 2] as string;
  let ipCounter = 0;
  const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const signUp = (i: number) => remoteSignUp(via(i), { ip: freshIp() });

  beforeAll(async () => {
    data = await createSystemData('postgres');
    const env = { TRUST_PROXY: 'loopback' };
    const [a, b] = await Promise.all([data.start(env), data.start(env)]);
    servers = [a.url, b.url];
  });
  afterAll(() => data?.dispose());

  it('stops the FREE plan at exactly 100 documents when 120 are asked for through both', async () => {
    const account = await signUp(0);
    expect(
      (await remoteCreateTemplate(via(1), account.token, 'Invoice', await makePdf())).status,
    ).toBe(200);
    const apiKey = await remoteApiKey(via(0), account.token, 'Invoice');
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => remoteGenerate(via(i), apiKey, 'Invoice')),
    );
    expect(statuses(answers)).toEqual({ 200: 100, 402: 20 });
    for (const server of servers) {
      const sub = await remoteCall(server, 'GET', '/v1/subscription', { token: account.token });
      expect(sub.json()).toMatchObject({ pdfsGeneratedThisMonth: 100, monthlyLimit: 100 });
    }
  });

  it('redeems a single-use voucher once and a three-use voucher three times', async () => {
    const db = data.openDb();
    const order = { plan: 'PRO', days: 30, expiresAt: undefined };
    const [once, thrice] = await Promise.all([
      createVoucher(db, { ...order, uses: 1 }, new Date()),
      createVoucher(db, { ...order, uses: 3 }, new Date()),
    ]);
    const accounts: RemoteAccount[] = [];
    for (let i = 0; i < 10; i += 1) accounts.push(await signUp(i));
    const redeem = (code: string, list: RemoteAccount[]) =>
      Promise.all(
        list.map((account, i) =>
          remoteCall(via(i), 'POST', '/v1/subscription/voucher', {
            token: account.token,
            body: { code },
            ip: freshIp(),
          }),
        ),
      );
    const first = await redeem(once, accounts);
    expect(statuses(first)).toEqual({ 200: 1, 400: 9 });
    const stillFree = accounts.filter((_, i) => first[i]?.status !== 200);
    expect(statuses(await redeem(thrice, stillFree))).toEqual({ 200: 3, 400: 6 });
    try {
      const rows = await db.selectFrom('vouchers').select(['code', 'uses', 'max_uses']).execute();
      expect(rows.map((r) => [r.code, Number(r.uses), Number(r.max_uses)]).sort()).toEqual(
        [
          [once, 1, 1],
          [thrice, 3, 3],
        ].sort(),
      );
      const redemptions = await db
        .selectFrom('voucher_redemptions')
        .select('voucher_code')
        .execute();
      expect(redemptions).toHaveLength(4);
    } finally {
      await db.destroy();
    }
  });

  it('shares the login limits: 10 failures per e-mail and 50 per address across both', async () => {
    const victim = await signUp(0);
    const perEmail = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        remoteCall(via(i), 'POST', '/v1/auth/login', {
          body: { email: victim.email, password: 'wrong password' },
          ip: freshIp(),
        }),
      ),
    );
    expect(statuses(perEmail)).toEqual({ 401: 10, 429: 4 });
    for (const server of servers) {
      const right = await remoteCall(server, 'POST', '/v1/auth/login', {
        body: { email: victim.email, password: victim.password },
        ip: freshIp(),
      });
      expect(right.status).toBe(429);
    }
    const attacker = freshIp();
    const perIp = await Promise.all(
      Array.from({ length: 56 }, (_, i) =>
        remoteCall(via(i), 'POST', '/v1/auth/login', {
          body: { email: `nobody${i}@example.com`, password: 'wrong password' },
          ip: attacker,
        }),
      ),
    );
    expect(statuses(perIp)).toEqual({ 401: 50, 429: 6 });
  });

  it('rotates refresh tokens across both, and a token raced on both wins once', async () => {
    let account = await signUp(0);
    for (let i = 1; i <= 4; i += 1) {
      const res = await remoteCall(via(i), 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.refreshToken },
      });
      expect(res.status).toBe(200);
      account = { ...account, ...res.json<{ token: string; refreshToken: string }>() };
      const profile = await remoteCall(via(i + 1), 'GET', '/v1/user/profile', {
        token: account.token,
      });
      expect(profile.status).toBe(200);
    }
    const race = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        remoteCall(via(i), 'POST', '/v1/auth/refresh', {
          body: { refreshToken: account.refreshToken },
        }),
      ),
    );
    expect(statuses(race)).toEqual({ 200: 1, 401: 5 });
    // The replays revoked the session on both instances, the winner's new tokens with it.
    const winner = race.find((res) => res.status === 200)?.json<{ token: string }>();
    for (const server of servers) {
      const res = await remoteCall(server, 'GET', '/v1/user/profile', { token: winner?.token });
      expect(res.status).toBe(401);
    }
  });
});

/**
 * Two server processes with one REDIS_URL: the generate endpoint's per-key limit is counted once
 * for both, so a key cannot make the limit on each instance.
 */
describe.runIf(hasPostgres && redisUrl)('two instances sharing rate limits through Redis', () => {
  let data: SystemData;
  let servers: [string, string];

  beforeAll(async () => {
    data = await createSystemData('postgres');
    // Both instances count under one prefix of their own, apart from any other suite's.
    const env = {
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: `platen-test-${randomUUID()}:`,
      API_RATE_LIMIT_PER_MINUTE: '10',
      REDIS_TIMEOUT_MS: String(TEST_REDIS_TIMEOUT_MS),
    };
    const [a, b] = await Promise.all([data.start(env), data.start(env)]);
    servers = [a.url, b.url];
  });
  afterAll(() => data?.dispose());

  it('answers 10 of 12 calls with one key, 6 sent to each, and refuses 2 with Retry-After', async () => {
    const account = await remoteSignUp(servers[0]);
    const created = await remoteCreateTemplate(
      servers[1],
      account.token,
      'Invoice',
      await makePdf(),
    );
    expect(created.status).toBe(200);
    const apiKey = await remoteApiKey(servers[0], account.token, 'Invoice');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        remoteGenerate(servers[i % 2] as string, apiKey, 'Invoice'),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 10, 429: 2 });
    for (const refused of answers.filter((res) => res.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('10');
    }
  });
});
