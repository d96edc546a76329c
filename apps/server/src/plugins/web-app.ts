import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { routerErrorOf } from './router-errors.ts';

/** Paths that belong to the server; everything else is a page of the single-page app. */
const SERVER_PREFIXES = ['/v1/', '/v1', '/docs', '/dev/', '/healthz', '/readyz'];

const isServerPath = (url: string) => {
  const path = url.split('?')[0] ?? url;
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
};

/**
 * Serves the built web app: its files as they are, and its index.html for every other GET, so
 * deep links such as /admin/templates/Invoice load the app, which then routes on the client.
 * Unknown API paths stay JSON 404s.
 */
const webApp = async (app: FastifyInstance, opts: { distDir: string | undefined }) => {
  const indexFile = opts.distDir && join(opts.distDir, 'index.html');
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  if (opts.distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // Hashed asset names never change content; index.html must always be fresh.
      setHeaders: (reply, path) => {
        const isHashed = path.includes(`${join(opts.distDir ?? '', 'assets')}`);
        void reply.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const routerError = routerErrorOf(request);
    if (routerError) throw routerError;
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isPageRequest && indexHtml && !isServerPath(request.url)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    throw new AppError(
      'NOT_FOUND',
      404,
      `There is no ${request.method} ${request.url.split('?')[0] ?? ''} in this API.`,
    );
  });
};

export default fp(webApp, { name: 'web-app' });
