import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWTHeaderParameters } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, clientHeaders, errorBody, signUp } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';

describe.each(testDatabases())('accounts API on %s', (database) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp(database);
  });
  afterEach(() => app.dispose());

  describe('register', () => {
    it('creates the account with its API key and FREE subscription, and signs in', async () => {
      const res = await call(app, 'POST', '/v1/auth/register', {
        body: {
          email: ' Ada@Example.com ',
          password: 'secret',
          firstName: 'Ada',
          lastName: 'Byron',
        },
      });
      expect(res.statusCode).toBe(200);
      const { token, refreshToken } = res.json<{ token: string; refreshToken: string }>();
      expect(refreshToken.length).toBeGreaterThanOrEqual(43);
      const claims: unknown = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
      );
      expect(claims).toMatchObject({ sub: 'ada@example.com', firstName: 'Ada', lastName: 'Byron' });

      const { db } = app.deps;
      const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      const key = await db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
      const sub = await db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(key.user_id).toBe(user.id);
      expect(key.key_encrypted).not.toContain('plt_');
      expect(sub).toMatchObject({ user_id: user.id, plan_id: 'free', status: 'ACTIVE' });
      const stored = await db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(Buffer.from(refreshToken, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(stored.map((row) => row.token_hash)).not.toContain(refreshToken);
    });

    it.each([
      [{ firstName: '' }, 'First name is required.'],
      [{ firstName: '   ' }, 'First name is required.'],
      [{ lastName: undefined }, 'Last name is required.'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ email: 'a@b' }, 'Please enter a valid email address.'],
      [{ password: '12345' }, 'Password must be at least 6 characters long.'],
      [{ password: 'x'.repeat(257) }, 'Password must be at most 256 characters long.'],
    ])('refuses %j with "%s" and stores nothing', async (change, message) => {
      const body = { email: 'a@example.com', password: 'secret', firstName: 'A', lastName: 'B' };
      const res = await call(app, 'POST', '/v1/auth/register', { body: { ...body, ...change } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message });
      const users = await app.deps.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(0);
    });

    it('refuses a second account with the same e-mail, whatever its case', async () => {
      await signUp(app, { email: 'twin@example.com' });
      const res = await call(app, 'POST', '/v1/auth/register', {
        body: { email: 'TWIN@example.com', password: 'secret', firstName: 'A', lastName: 'B' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    });

    it('accepts long passphrases with spaces and Unicode, and never truncates them', async () => {
      const password = `${'ä'.repeat(36)} zażółć gęślą jaźń ${'x'.repeat(20)}`;
      const account = await signUp(app, { email: 'unicode@example.com', password });
      expect(account.token).toBeTruthy();
      const changedAfter72 = `${password.slice(0, -1)}y`;
      const res = await call(app, 'POST', '/v1/auth/login', {
        body: { email: 'unicode@example.com', password: changedAfter72 },
      });
      expect(res.statusCode).toBe(401);
    });

    it('limits registrations per IP address', async () => {
      for (let i = 0; i < 10; i += 1)
        await signUp(app, { email: `r${i}@example.com`, ip: '192.0.2.1' });
      const res = await call(app, 'POST', '/v1/auth/register', {
        body: { email: 'r11@example.com', password: 'secret', firstName: 'A', lastName: 'B' },
        ip: '192.0.2.1',
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('login', () => {
    it('signs in with the right password', async () => {
      const account = await signUp(app);
      const res = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email.toUpperCase(), password: account.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('token');
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const account = await signUp(app);
      const wrong = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: 'wrong password' },
      });
      const unknown = await call(app, 'POST', '/v1/auth/login', {
        body: { email: 'nobody@example.com', password: 'wrong password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(errorBody(wrong)).toEqual(errorBody(unknown));
    });

    it('validates like the sign-in form', async () => {
      const res = await call(app, 'POST', '/v1/auth/login', {
        body: { email: 'bad', password: 'secret' },
      });
      expect(res.json()).toMatchObject({ message: 'Please enter a valid email address.' });
    });

    it('locks an e-mail after 10 failures in 15 minutes, with Retry-After, then lets it in again', async () => {
      const account = await signUp(app);
      for (let i = 0; i < 10; i += 1) {
        const res = await call(app, 'POST', '/v1/auth/login', {
          body: { email: account.email, password: 'wrong password' },
          ip: `192.0.2.${i}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      app.clock.advanceMinutes(16);
      const later = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(later.statusCode).toBe(200);
    });

    it('limits failures per IP address to 50 in 15 minutes', async () => {
      for (let i = 0; i < 50; i += 1) {
        await call(app, 'POST', '/v1/auth/login', {
          body: { email: `probe${i}@example.com`, password: 'wrong password' },
          ip: '192.0.2.200',
        });
      }
      const res = await call(app, 'POST', '/v1/auth/login', {
        body: { email: 'probe-last@example.com', password: 'wrong password' },
        ip: '192.0.2.200',
      });
      expect(res.statusCode).toBe(429);
    });

    it('ignores a forged X-Forwarded-For when no proxy is trusted', async () => {
      for (let i = 0; i < 50; i += 1) {
        await call(app, 'POST', '/v1/auth/login', {
          body: { email: `xff${i}@example.com`, password: 'wrong password' },
          ip: '192.0.2.201',
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
      }
      const res = await call(app, 'POST', '/v1/auth/login', {
        body: { email: 'xff-last@example.com', password: 'wrong password' },
        ip: '192.0.2.201',
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(res.statusCode).toBe(429);
    });
  });

  describe('cross-site forgery protection', () => {
    it('refuses a state-changing call without the X-XSRF-TOKEN header', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { cookie: 'XSRF-TOKEN=abc' },
        payload: { email: 'a@example.com', password: 'secret' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    });

    it('refuses a header that does not match the cookie', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
        payload: { email: 'a@example.com', password: 'secret' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('hands out the cookie on API answers and from GET /v1/auth/csrf', async () => {
      const res = await app.inject({ method: 'GET', url: '/v1/auth/csrf' });
      const cookie = String(res.headers['set-cookie']);
      const { csrfToken } = res.json<{ csrfToken: string }>();
      expect(cookie).toContain(`XSRF-TOKEN=${csrfToken}`);
      expect(cookie).toContain('SameSite=Strict');
      const other = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
      expect(String(other.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
    });
  });

  describe('refresh and logout', () => {
    it('rotates the refresh token: the new pair works, the old token does not', async () => {
      const account = await signUp(app);
      const first = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.refreshToken },
      });
      expect(first.statusCode).toBe(200);
      const pair = first.json<{ token: string; refreshToken: string }>();
      expect(pair.refreshToken).not.toBe(account.refreshToken);
      const profile = await call(app, 'GET', '/v1/user/profile', { token: pair.token });
      expect(profile.statusCode).toBe(200);
    });

    it('revokes the whole session when a used refresh token is replayed', async () => {
      const account = await signUp(app);
      const rotated = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.refreshToken },
      });
      const pair = rotated.json<{ token: string; refreshToken: string }>();
      const replay = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.refreshToken },
      });
      expect(replay.statusCode).toBe(401);
      const next = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: pair.refreshToken },
      });
      expect(next.statusCode).toBe(401);
      const profile = await call(app, 'GET', '/v1/user/profile', { token: pair.token });
      expect(profile.statusCode).toBe(401);
    });

    it('lets exactly one of two racing refreshes win', async () => {
      const account = await signUp(app);
      const [a, b] = await Promise.all(
        [1, 2].map(() =>
          call(app, 'POST', '/v1/auth/refresh', { body: { refreshToken: account.refreshToken } }),
        ),
      );
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 401]);
    });

    it('refuses an expired refresh token', async () => {
      const account = await signUp(app);
      app.clock.advanceMinutes(31 * 24 * 60);
      const res = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.refreshToken },
      });
      expect(res.statusCode).toBe(401);
    });

    it('logout ends the session at once: its access and refresh tokens stop working', async () => {
      const account = await signUp(app);
      const res = await call(app, 'POST', '/v1/auth/logout', {
        body: { refreshToken: account.refreshToken },
      });
      expect(res.statusCode).toBe(200);
      const refresh = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      const profile = await call(app, 'GET', '/v1/user/profile', { token: account.token });
      expect(profile.statusCode).toBe(401);
    });

    it('does not take a refresh token as a bearer token, nor an access token as a refresh token', async () => {
      const account = await signUp(app);
      const asBearer = await call(app, 'GET', '/v1/user/profile', { token: account.refreshToken });
      expect(asBearer.statusCode).toBe(401);
      const asRefresh = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: account.token.slice(0, 200) },
      });
      expect(asRefresh.statusCode).toBe(401);
    });
  });

  describe('bearer tokens', () => {
    const profileWith = (token: string) =>
      app.inject({ method: 'GET', url: '/v1/user/profile', headers: clientHeaders(token) });

    it('answers 401 without a token', async () => {
      const res = await app.inject({ method: 'GET', url: '/v1/user/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('answers TOKEN_EXPIRED after 15 minutes', async () => {
      const account = await signUp(app);
      app.clock.advanceMinutes(14);
      expect((await profileWith(account.token)).statusCode).toBe(200);
      app.clock.advanceMinutes(2);
      const res = await profileWith(account.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    });

    it('refuses a tampered payload, alg none and a foreign key', async () => {
      const account = await signUp(app);
      const [header, payload] = account.token.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin@example.com' })).toString(
        'base64url',
      );
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const jwk = Buffer.from(
        JSON.stringify({ alg: 'HS256', jku: 'https://evil.example/keys', kid: 'x' }),
      ).toString('base64url');
      for (const token of [
        `${header}.${forged}.${account.token.split('.')[2]}`,
        `${none}.${payload}.`,
        `${jwk}.${payload}.${account.token.split('.')[2]}`,
        'not-a-jwt',
      ]) {
        const res = await profileWith(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
    });

    it('refuses a token that carries its own key in a jwk header', async () => {
      const account = await signUp(app);
      const claims = decodeJwt(account.token);
      const attackerSecret = randomBytes(32);
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      const sign = (header: JWTHeaderParameters, key: Parameters<SignJWT['sign']>[0]) =>
        new SignJWT(claims).setProtectedHeader(header).sign(key);
      const tokens = [
        // The attacker's HMAC key, embedded as an `oct` JWK.
        await sign(
          {
            alg: 'HS256',
            typ: 'JWT',
            // jose's types forbid secret material in a header; an attacker's token need not obey.
            jwk: {
              kty: 'oct',
              k: attackerSecret.toString('base64url'),
            } as JWTHeaderParameters['jwk'],
          },
          attackerSecret,
        ),
        // The attacker's RSA key pair: signed with the private half, the public half embedded.
        await sign({ alg: 'RS256', typ: 'JWT', jwk: await exportJWK(publicKey) }, privateKey),
      ];
      for (const token of tokens) {
        const res = await profileWith(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
    });

    it("refuses a token signed by another installation's secret", async () => {
      const other = await buildTestApp(database, {
        appSecret: 'another-secret-that-is-long-enough-0123456789',
      });
      try {
        const foreign = await signUp(other);
        const res = await profileWith(foreign.token);
        expect(res.statusCode).toBe(401);
      } finally {
        await other.dispose();
      }
    });
  });
});
