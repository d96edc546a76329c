import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * security.md §16, §39. Tokens live in local storage (product.md#what-is-stored), so no script may run unless it is
 * one of our own files: no inline or third-party script, no plugins, no framing, no <base>.
 * Styles allow inline because the UI library sets CSS variables in style attributes.
 */
const headerOptions = (config: Pick<Config, 'appUrl'>): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  hsts: config.appUrl.startsWith('https://')
    ? { maxAge: 31_536_000, includeSubDomains: true }
    : false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers on every answer, errors and the web app included. helmet itself, its middleware
 * built once: @fastify/helmet calls `helmet(options)` again for every request, parsing the
 * policy each time, ~12 µs of a /healthz request (bench/RESULTS.md); no route here sets helmet
 * options of its own, which is all that wrapper adds.
 */
const securityHeaders = async (app: FastifyInstance, opts: { config: Pick<Config, 'appUrl'> }) => {
  const setHeaders = helmet(headerOptions(opts.config));
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, () => done()),
  );
};

/**
 * The same headers as a list, for answers written straight onto a socket, outside Fastify
 * (client-errors.ts). helmet's own middleware sets them on a response that is never sent, so the
 * two cannot drift apart.
 */
export const securityHeaderList = (config: Pick<Config, 'appUrl'>): [string, string][] => {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(headerOptions(config))(response.req, response, () => undefined);
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
};

export default fp(securityHeaders, { name: 'security-headers' });
