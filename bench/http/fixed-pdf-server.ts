/**
 * The HTTP ceiling: a bench-only Fastify app (the product server's Fastify version) that
 * answers the generate route with a fixed PDF buffer, after parsing the same JSON body. What
 * Platen's generate reaches next to it shows what generation costs on top of HTTP itself.
 *   node --import tsx http/fixed-pdf-server.ts <port> <pdf file>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const pdf = readFileSync(file!);
const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
app.get('/healthz', async () => ({ status: 'ok' }));
app.post('/v1/document/generate/template', async (request, reply) => {
  if (typeof request.headers['x-api-key'] !== 'string') return reply.code(401).send();
  return reply.type('application/pdf').send(pdf);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
