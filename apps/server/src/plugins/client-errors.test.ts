import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
};

/**
 * Sends bytes as they are on a new connection and reads what comes back until the server closes
 * it, or until one whole answer has come (a server that keeps the connection open).
 */
const rawRequest = (port: number, bytes: string): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const parse = (closed: boolean): RawAnswer | undefined => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const body = text.slice(end + 4);
      if (!closed && body.length < Number(headers['content-length'] ?? 0)) return undefined;
      return { status: Number(statusLine.split(' ')[1]), headers, body, closed };
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const answer = parse(false);
      if (answer && answer.headers.connection !== 'close') {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('close', () => {
      const answer = parse(true);
      if (answer) resolve(answer);
      else reject(new Error(`no answer: ${JSON.stringify(Buffer.concat(chunks).toString())}`));
    });
    socket.on('error', () => {
      // The server may reset a connection it refused; 'close' reports what arrived.
    });
    socket.write(bytes, 'latin1');
  });

const expectErrorShape = (answer: RawAnswer, status: number, code: string) => {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['strict-transport-security']).toContain('max-age=');
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  const requestId = answer.headers['x-request-id'];
  expect(body).toEqual({
    type: `https://platen.example/docs/errors#${code}`,
    title: expect.any(String) as string,
    status,
    detail: body.message,
    instance: `urn:uuid:${requestId}`,
    code,
    message: expect.any(String) as string,
    requestId,
  });
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(Date.parse(answer.headers.date ?? '')).not.toBeNaN();
  expect(answer.headers.connection).toBe('close');
  expect(answer.closed).toBe(true);
};

describe('requests the HTTP parser refuses, on a listening server', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    // Nothing here reaches a database: SQLite alone.
    app = await buildTestApp('sqlite');
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.dispose());

  it.each([
    [
      'a control character in a header',
      'GET /healthz HTTP/1.1\r\nHost: a\r\nX-Note: a\x01b\r\n\r\n',
    ],
    [
      'Content-Length together with Transfer-Encoding',
      'POST /v1/auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['an unknown HTTP version', 'GET /healthz HTTP/9.9\r\nHost: a\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
  ])('answers %s with 400 in the error shape, with the security headers', async (_what, bytes) => {
    expectErrorShape(await rawRequest(port, bytes), 400, 'MALFORMED_REQUEST');
  });

  it('answers headers over the size limit with 431 in the error shape', async () => {
    const bytes = `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Note: ${'a'.repeat(20_000)}\r\n\r\n`;
    expectErrorShape(await rawRequest(port, bytes), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers an HTTP/1.1 request without Host with 400 in the error shape', async () => {
    const answer = await rawRequest(port, 'GET /healthz HTTP/1.1\r\n\r\n');
    expectErrorShape(answer, 400, 'MALFORMED_REQUEST');
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'The request has no Host header.' });
  });

  it('still answers a well-formed request, and an HTTP/1.0 one without Host', async () => {
    const ok = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(ok.status).toBe(200);
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const old = await rawRequest(port, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });
});
