import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { TrustProxy } from './config/trust-proxy.ts';
import { migrateToLatest } from './db/database.ts';
import { createDeps, type Deps } from './deps.ts';
import { accountExportKind, accountExportRoutes } from './modules/account-export/index.ts';
import { apiKeysRoutes } from './modules/api-keys/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { billingPublicRoutes, billingRoutes } from './modules/billing/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import {
  batchKind,
  createBatches,
  createDocumentsService,
  documentsRoutes,
} from './modules/documents/index.ts';
import {
  createJobsService,
  createSchedule,
  jobsRoutes,
  type JobsService,
  type Schedule,
} from './modules/jobs/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { mailboxRoutes } from './modules/mail/index.ts';
import { templatesRoutes } from './modules/templates/index.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webhooksRoutes } from './modules/webhooks/index.ts';
import accountGuard from './plugins/account-guard.ts';
import csrf from './plugins/csrf.ts';
import errorDocs from './plugins/error-docs.ts';
import errorHandler from './plugins/error-handler.ts';
import idempotency from './plugins/idempotency.ts';
import metrics from './plugins/metrics.ts';
import noStore from './plugins/no-store.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import hostRequired, { clientErrorHandler } from './plugins/client-errors.ts';
import { RequestLog } from './plugins/request-log.ts';
import { routerErrorOptions } from './plugins/router-errors.ts';
import securityHeaders, { securityHeaderList } from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the app was built with; tests read the database and clock through it. */
    deps: Deps;
    /** Jobs; their workers start and stop with the app (jobs/schedule.ts). */
    jobs: JobsService;
    /** Everything that runs after the answer: job workers, sweeps, webhook passes. */
    schedule: Schedule;
  }
}

export type App = FastifyInstance;

/**
 * TRUST_PROXY in Fastify's terms. Fastify no longer takes a bare hop count (it fails closed), so
 * a count becomes a function: the socket's peer and the next `hops - 1` entries are proxies.
 */
const fastifyTrustProxy = (trust: TrustProxy) => {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  return (_address: string, hop: number) => hop < trust.hops;
};

/**
 * Builds the whole application without listening, so tests can `inject` requests. Tests replace
 * only what sits at the edge (`overrides`: the clock, a database made for the test).
 */
export const buildApp = async (config: Config, overrides: Partial<Deps> = {}): Promise<App> => {
  const deps = createDeps(config, overrides);
  await migrateToLatest(deps.db);
  const logger: FastifyBaseLogger = deps.log;
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Always our own id, never a client's `x-request-id`: it goes into logs and error bodies, so
    // a caller must not be able to write into them.
    requestIdHeader: false,
    // One log line per request instead of Fastify's two.
    logController: new RequestLog(),
    // Our ids, and the router's refusals answered like every other error.
    ...routerErrorOptions(() => app),
    // Requests the HTTP parser refuses, and those without Host, answered in the error shape too.
    clientErrorHandler: clientErrorHandler({
      headers: securityHeaderList(config),
      appUrl: config.appUrl,
      log: logger,
    }),
    http: { requireHostHeader: false },
  });
  app.decorate('deps', deps);
  // JSON and multipart only: anything else is answered 415 instead of reaching a handler as text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every answer names its request, so a user's report can be found in the logs.
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    // Work after the answer stops first (running jobs where they are, for a later try), then
    // what it uses.
    await app.schedule.stop();
    await deps.results.close();
    await deps.pdfPool.close();
    await deps.db.destroy();
  });

  await app.register(errorHandler);
  await app.register(metrics, { deps });
  await app.register(securityHeaders, { config });
  await app.register(hostRequired);
  await app.register(noStore);
  await app.register(cookie);
  await app.register(csrf, { secureCookie: config.appUrl.startsWith('https://') });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, parts: 11 },
  });
  await app.register(rateLimit, { deps });
  await app.register(openapi, { appUrl: config.appUrl });
  await app.register(errorDocs, { appUrl: config.appUrl });
  await app.register(idempotency, { deps });
  await app.register(accountGuard, { deps });

  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(billingPublicRoutes, { deps });
  const documents = createDocumentsService(deps);
  const jobs = createJobsService({
    ...deps,
    jobKinds: [batchKind({ ...deps, documents }), accountExportKind(deps)],
  });
  app.decorate('jobs', jobs);
  // Workers and timers start once the app is ready (listening, or a test's first inject).
  app.decorate('schedule', createSchedule(deps, jobs));
  app.addHook('onReady', () => app.schedule.start());
  // Each route is guarded by route() as its contract descriptor's `auth` says.
  const batches = createBatches(deps, documents, jobs);
  await app.register(documentsRoutes, { deps, documents, batches });
  await app.register(jobsRoutes, { jobs });
  await app.register(accountExportRoutes, { deps, jobs });
  await app.register(usersRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(templatesRoutes, { deps });
  await app.register(apiKeysRoutes, { deps });
  await app.register(webhooksRoutes, { deps });
  if (config.env !== 'production' && !config.smtpUrl) {
    await app.register(mailboxRoutes, { deps });
  }
  await app.register(webApp, { distDir: config.webDistDir });

  return app;
};
