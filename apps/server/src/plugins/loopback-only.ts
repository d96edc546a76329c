import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from '../lib/app-error.ts';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 spellings (`::ffff:127.0.0.1`). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined &&
  ipaddr.isValid(address) &&
  ipaddr.process(address).range() === 'loopback';

/**
 * Whether the request comes from this machine. The socket's own peer decides, so a forged
 * `X-Forwarded-For` cannot pass; behind a trusted proxy on this machine the forwarded client
 * must be loopback too, or every client of a local reverse proxy would pass.
 */
const isLoopbackClient = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);

/**
 * An `onRequest` hook for the development pages (mailbox, local payment pages, open /metrics):
 * they hand out reset links, payment tokens and internals, so only a client on the machine that
 * runs the server gets them, whatever HOST the server listens on.
 */
export const refuseRemoteClients = async (request: FastifyRequest) => {
  if (isLoopbackClient(request)) return;
  throw new AppError(
    'FORBIDDEN',
    403,
    'This development page answers only on the machine that runs the server (127.0.0.1 or ::1).',
  );
};
