import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createLogger } from '../lib/logger.ts';

type Line = {
  msg: string;
  reqId?: string;
  req?: { id: string; method: string; url: string; ip: string };
  res?: { statusCode: number };
  responseTime?: number;
};

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A test app whose log lines are kept, parsed. */
const loggedApp = async (logLevel: 'info' | 'debug') => {
  const sink = new PassThrough();
  const lines: Line[] = [];
  sink.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Line);
  });
  app = await buildTestApp('sqlite', {}, { log: createLogger({ logLevel }, sink) });
  return { app, lines };
};

describe('request log', () => {
  it('writes one line per request at info: its id as answered, method, URL, status and time', async () => {
    const { app, lines } = await loggedApp('info');
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const missing = await app.inject({ method: 'GET', url: '/v1/template/none' });

    const requestLines = lines.filter((l) => l.req);
    expect(requestLines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    const [health, refused] = requestLines;
    expect(health).toMatchObject({
      reqId: res.headers['x-request-id'],
      req: { id: res.headers['x-request-id'], method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
    });
    expect(health!.responseTime).toBeGreaterThanOrEqual(0);
    expect(refused).toMatchObject({
      reqId: missing.headers['x-request-id'],
      res: { statusCode: missing.statusCode },
    });
  });

  it('also writes "incoming request" at debug, with the same id', async () => {
    const { app, lines } = await loggedApp('debug');
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const mine = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('names the URL the client sent when the router refused it, without query values', async () => {
    const { app, lines } = await loggedApp('info');
    // A value no log line could hold by chance: the run's log scan looks for it everywhere.
    const token = 'q7Xv2LmN9pRtW4sK';
    const res = await app.inject({ method: 'GET', url: `/v1/template/a%zz/pdf?token=${token}` });
    expect(res.statusCode).toBe(400);
    const mine = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { url: '/v1/template/a%zz/pdf?token=…' },
      res: { statusCode: 400 },
    });
    expect(JSON.stringify(mine)).not.toContain(token);
  });
});
