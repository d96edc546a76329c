import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer carries a secret (tokens, an API key, a reset link, a signed link, a user's file):
     * no cache may keep it. Contract endpoints set it with `noStore: true` in their descriptor
     * (plugins/route.ts).
     */
    noStore?: boolean;
  }
}

/** Sends `Cache-Control: no-store` on every answer of a route marked `noStore`, errors included. */
const noStore = async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.noStore) void reply.header('cache-control', 'no-store');
  });
};

export default fp(noStore, { name: 'no-store' });
