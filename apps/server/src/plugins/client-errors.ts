import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorResponse } from '@platen/contract';
import type { ConnectionError, FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { PROBLEM_CONTENT_TYPE, problemDetails } from '../lib/problem-details.ts';

type Refusal = Pick<ErrorResponse, 'status' | 'code' | 'message'>;

/** Node's refusals with a status of their own; every other parser error is a 400. */
const REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The chunk extensions of the request body are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive in time.',
  },
};

const MALFORMED: Refusal = {
  status: 400,
  code: 'MALFORMED_REQUEST',
  message: 'The request is not valid HTTP.',
};

/** The response a socket is writing, which Node keeps on it (`_http_server.js`). */
type ServerSocket = Socket & { _httpMessage?: { headersSent: boolean } | null };

const rawAnswer = (
  refusal: Refusal,
  requestId: string,
  options: { headers: readonly [string, string][]; appUrl: string },
) => {
  const body = JSON.stringify(problemDetails(refusal, requestId, options.appUrl));
  const lines = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}`,
    ...options.headers.map(([name, value]) => `${name}: ${value}`),
    `x-request-id: ${requestId}`,
    `content-type: ${PROBLEM_CONTENT_TYPE}`,
    `content-length: ${Buffer.byteLength(body)}`,
    `date: ${new Date().toUTCString()}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (a control character in a
 * header, Content-Length with Transfer-Encoding, an unknown HTTP version, headers over the size
 * limit) never become requests, so no hook or error handler sees them and Node would answer its
 * own bare JSON. They get the error shape instead, with the security headers and an id that is
 * also in the log line, written straight onto the socket, which is then closed: after a parse
 * error nothing more on the connection can be trusted.
 */
export const clientErrorHandler =
  (options: { headers: readonly [string, string][]; appUrl: string; log: FastifyBaseLogger }) =>
  (error: ConnectionError, socket: Socket) => {
    // A reset connection has nobody to answer; an answered one is closing already.
    if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
    // As Node does: never write into an answer that has begun, which would corrupt it.
    if (!socket.writable || (socket as ServerSocket)._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[error.code] ?? MALFORMED;
    const requestId = randomUUID();
    // Only the code: the error also holds the raw bytes received, which may carry credentials.
    options.log.info(
      { reqId: requestId, code: error.code, ip: socket.remoteAddress, status: refusal.status },
      'request refused by the HTTP parser',
    );
    socket.end(rawAnswer(refusal, requestId, options), () => socket.destroy());
  };

/**
 * An HTTP/1.1 request without Host is refused (RFC 9112 §3.2) here rather than by Node, whose own
 * empty 400 (`requireHostHeader`, switched off in app.ts) would carry no headers or body. HTTP/1.0
 * needs no Host. Registered after the security headers, so the answer carries them; the
 * connection is closed, as Node would.
 */
const hostRequired = async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new AppError('MALFORMED_REQUEST', 400, 'The request has no Host header.', {
        connection: 'close',
      });
    }
  });
};

export default fp(hostRequired, { name: 'host-required', dependencies: ['security-headers'] });
