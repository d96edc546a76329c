import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { randomToken } from '../lib/secrets.ts';

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Routes authenticated by an API key (server-to-server) opt out of the XSRF check; routes that
     * take a key or a session check it only when no `x-api-key` is sent.
     */
    csrf?: boolean | 'unless-api-key';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Double-submit protection against cross-site forgery: the server hands out a random
 * `XSRF-TOKEN` cookie (readable by our script, sent only to our site), and every state-changing
 * call must echo it in the `X-XSRF-TOKEN` header, which another site cannot read or set.
 */
const csrf = async (app: FastifyInstance, opts: { secureCookie: boolean }) => {
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (cookie) {
      request.csrfToken = cookie;
    } else {
      // A client without a token gets one with this answer, whatever it is: API, HTML or error.
      request.csrfToken = randomToken(24);
      void reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'strict',
        secure: opts.secureCookie,
        httpOnly: false,
      });
    }
    const { csrf: check } = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method) || check === false) return;
    if (check === 'unless-api-key' && request.headers['x-api-key'] !== undefined) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw new AppError(
        'CSRF_TOKEN_INVALID',
        403,
        'This request is missing its security token. Reload the page and try again.',
      );
    }
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The XSRF token of this client: its cookie, or the one issued with this answer. */
    csrfToken: string;
  }
}

export default fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie'] });
