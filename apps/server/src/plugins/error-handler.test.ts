import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { call, clientHeaders, errorBody, signUp } from '../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

describe.each(testDatabases())('error answers on %s', (database) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp(database);
  });
  afterEach(() => app.dispose());

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await call(app, 'GET', '/v1/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(errorBody(res)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'There is no GET /v1/no/such/thing in this API.',
    });
    expect((await call(app, 'DELETE', '/v1/auth/login')).statusCode).toBe(404);
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { ...clientHeaders(), 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    expect(await app.deps.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await call(app, 'POST', '/v1/auth/login', { body: [1, 2, 3] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await call(app, 'POST', '/v1/auth/login', {
      body: { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'answers %s with 415',
    async (type) => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { ...clientHeaders(), 'content-type': type },
        payload: 'email=a@example.com&password=secret',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    },
  );

  it('answers a JSON body sent to the picture upload with 415', async () => {
    const account = await signUp(app);
    const res = await call(app, 'POST', '/v1/user/picture', {
      token: account.token,
      body: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('hides the details of a database failure behind a generic 500', async () => {
    const account = await signUp(app);
    await app.deps.db.destroy();
    const res = await call(app, 'GET', '/v1/user/profile', { token: account.token });
    expect(res.statusCode).toBe(500);
    expect(errorBody(res)).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    const ready = await call(app, 'GET', '/readyz');
    expect(ready.statusCode).toBe(503);
  });

  it('names the request in the error body, the header and the log, never taking the client id', async () => {
    const sink = new PassThrough();
    let logs = '';
    sink.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    const logged = await buildTestApp(
      database,
      {},
      { log: createLogger({ logLevel: 'info' }, sink) },
    );
    try {
      const res = await call(logged, 'GET', '/v1/no/such/thing', {
        headers: { 'x-request-id': 'forged\n{"msg":"injected"}' },
      });
      const { requestId } = res.json<{ requestId: string }>();
      expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(res.headers['x-request-id']).toBe(requestId);
      expect(logs).toContain(`"reqId":"${requestId}"`);
      expect(logs).not.toContain('forged');
      expect(logs).not.toContain('injected');
    } finally {
      await logged.dispose();
    }
  });

  it('reports health and readiness', async () => {
    expect((await call(app, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await call(app, 'GET', '/readyz')).json()).toEqual({
      status: 'ok',
      pdfWorkers: { alive: expect.any(Number) as number, running: 0, waiting: 0 },
    });
  });

  const longName = 'a'.repeat(101);

  it.each([
    ['an unknown route', '/v1/no/such/thing'],
    ['a malformed %-escape', '/v1/template/%'],
    ['a path part over 100 characters', `/v1/template/${longName}`],
  ])('sends security headers on every answer: %s', async (_what, url) => {
    const res = await call(app, 'GET', url);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an address with a malformed %-escape with 400 in the error shape', async () => {
    const account = await signUp(app);
    for (const url of [
      '/v1/template/%',
      '/v1/template/a%zz/pdf',
      '/dev/payments/portal/%E0%A4%A',
    ]) {
      const res = await call(app, 'GET', url, { token: account.token });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('application/problem+json; charset=utf-8');
      expect(errorBody(res), url).toEqual({
        status: 400,
        code: 'BAD_URL',
        message: 'The address is not valid: a "%" must start an escape such as %20.',
      });
    }
  });

  it('answers a path part over 100 characters with 414 in the error shape, not echoing it', async () => {
    const account = await signUp(app);
    const res = await call(app, 'GET', `/v1/template/${longName}`, { token: account.token });
    expect(res.statusCode).toBe(414);
    expect(errorBody(res)).toEqual({
      status: 414,
      code: 'URI_TOO_LONG',
      message: 'A part of the address is longer than 100 characters.',
    });
    expect(res.body).not.toContain(longName);
    const hundred = await call(app, 'GET', `/v1/template/${'a'.repeat(100)}`, {
      token: account.token,
    });
    expect(hundred.json()).toMatchObject({ code: 'TEMPLATE_NOT_FOUND' });
  });

  it('logs a refused address under the id of its answer, with the original path', async () => {
    const sink = new PassThrough();
    let logs = '';
    sink.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    const logged = await buildTestApp(
      database,
      {},
      { log: createLogger({ logLevel: 'info' }, sink) },
    );
    try {
      const res = await call(logged, 'GET', '/v1/template/%');
      const { requestId } = res.json<{ requestId: string }>();
      const lines = logs.split('\n').filter((line) => line.includes(`"reqId":"${requestId}"`));
      expect(lines.some((line) => line.includes('"url":"/v1/template/%"'))).toBe(true);
      expect(lines.some((line) => line.includes('"statusCode":400'))).toBe(true);
    } finally {
      await logged.dispose();
    }
  });
});
