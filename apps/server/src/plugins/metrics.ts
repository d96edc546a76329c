import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { databasePoolStats } from '../db/database.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';
import type { PdfPool } from '../pdf-pool/pdf-pool.ts';
import { AppError } from '../lib/app-error.ts';
import { refuseRemoteClients } from './loopback-only.ts';

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: bigint;
  }
}

const createRegistry = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const documents = new Counter({
    name: 'documents_generated_total',
    help: 'Documents generated through the API (tryouts excluded)',
    registers: [registry],
  });
  const generation = new Histogram({
    name: 'document_generation_duration_seconds',
    help: 'Time to fill one document, from the request to the finished PDF',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  return { registry, requests, latency, documents, generation };
};

/** The app's metrics; services record documents, the plugin counts every request. */
export const createMetrics = () => {
  const m = createRegistry();
  return {
    ...m,
    documentGenerated: (seconds: number) => {
      m.documents.inc();
      m.generation.observe(seconds);
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;

const hasToken = (request: FastifyRequest, token: string) => {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * Prometheus metrics at /metrics: requests and latency per route, documents and generation time,
 * the PDF workers (alive, running, queue) and the database pool. With METRICS_TOKEN set, a scraper must send it as a
 * bearer token; in production without one, the endpoint does not exist, and elsewhere without one
 * it answers only clients on this machine.
 */
/** What the plugin reads from the app's dependencies (deps.ts builds the metrics it is given). */
type MetricsDeps = { config: Config; pdfPool: PdfPool; db: Db; metrics: Metrics };

const metricsPlugin = async (app: FastifyInstance, opts: { deps: MetricsDeps }) => {
  const { config, pdfPool, db, metrics } = opts.deps;
  const { registry, requests, latency } = metrics;

  new Gauge({
    name: 'pdf_worker_queue_length',
    help: 'PDF tasks waiting for a worker thread',
    registers: [registry],
    collect() {
      this.set(pdfPool.queueSize());
    },
  });
  new Gauge({
    name: 'pdf_workers_alive',
    help: 'PDF worker threads running or starting',
    registers: [registry],
    collect() {
      this.set(pdfPool.stats().workersAlive);
    },
  });
  new Gauge({
    name: 'pdf_tasks_running',
    help: 'PDF tasks handed to a worker thread',
    registers: [registry],
    collect() {
      this.set(pdfPool.stats().running);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = databasePoolStats(db);
      for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
    },
  });

  app.decorateRequest('startedAt', 0n);
  app.addHook('onRequest', async (request) => {
    request.startedAt = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = Number(process.hrtime.bigint() - request.startedAt) / 1e9;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, seconds);
  });

  if (config.env === 'production' && !config.metricsToken) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!config.metricsToken) await refuseRemoteClients(request);
    else if (!hasToken(request, config.metricsToken)) {
      throw new AppError('UNAUTHORIZED', 401, 'Send the metrics token as a bearer token.');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

export default fp(metricsPlugin, { name: 'metrics' });
