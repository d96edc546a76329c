import * as contract from '@platen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { apiKeyHashOf } from '../../plugins/account-guard.ts';
import type { Batches } from './batches.ts';
import type { createDocumentsService, Document } from './documents.service.ts';
import { findKeyTarget, keyTargetOf } from './target.ts';

// Header values must be ASCII: escape the rest the way JSON allows, so the value stays valid JSON.
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Fields whose value did not print whole: cut off, or characters no font has. */
const fitWarnings = (report: Document['fitReport']) =>
  Object.values(report).filter(
    (fit) => fit.result === 'truncated' || fit.result === 'missing_glyphs',
  ).length;

const sendPdf = (reply: FastifyReply, document: Document) => {
  const warnings = fitWarnings(document.fitReport);
  if (warnings > 0) reply.header(contract.FIT_WARNINGS_HEADER, String(warnings));
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="document.pdf"')
      .header(contract.FIT_REPORT_HEADER, asciiJson(document.fitReport))
      .header(contract.TEMPLATE_VERSION_HEADER, String(document.version))
      // A view, not a copy: each document is written into memory of its own.
      .send(Buffer.from(document.pdf.buffer, document.pdf.byteOffset, document.pdf.byteLength))
  );
};

const KEY_IN_QUERY = /[?&](api[-_]?key|x-api-key|key)=/i;

/**
 * Well-formed keys that match no account, per address: each costs a look-up, and without this
 * budget every guessed key would get a fresh per-key bucket. Once spent, the address gets 429 for
 * every key until the window ends, so the answer stops telling a guesser anything.
 */
export const failedKeyLookupsPerIp = { limit: 100, windowMinutes: 15 } as const;

/**
 * Tryouts one account may make per minute. Each is a full fill of the template (not counted
 * against the plan), so without a limit one session could keep the fill workers busy; a person
 * trying a template in the editor makes a few a minute.
 */
export const TRYOUTS_PER_ACCOUNT_PER_MINUTE = 60;

/**
 * Browsers on other sites may call the generate endpoint with an API key (the key is the
 * credential, never a cookie), so it alone answers cross-origin requests.
 */
const allowCrossOrigin = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header(
      'access-control-expose-headers',
      `${contract.FIT_REPORT_HEADER}, ${contract.FIT_WARNINGS_HEADER}, ${contract.TEMPLATE_VERSION_HEADER}, ${contract.IDEMPOTENT_REPLAYED_HEADER}, retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset`,
    );

const wantsAsync = (req: FastifyRequest) =>
  contract.asksRespondAsync(req.headers[contract.PREFER_HEADER]);

export const documentsRoutes = async (
  app: FastifyInstance,
  opts: {
    deps: Deps;
    documents: ReturnType<typeof createDocumentsService>;
    batches: Batches;
  },
) => {
  const { deps, documents, batches } = opts;
  const { generateDocument } = contract;

  const failedKeyLookups = app.createRateLimit({
    max: failedKeyLookupsPerIp.limit,
    timeWindow: failedKeyLookupsPerIp.windowMinutes * 60_000,
    keyGenerator: (req) => `unknown-key:${req.ip}`,
  });
  const refuseGuessers = async (req: FastifyRequest) => {
    const spent = await failedKeyLookups(req, { increment: false });
    if (spent.isAllowed || spent.remaining > 0) return;
    throw new AppError(
      'RATE_LIMITED',
      429,
      'Too many requests with API keys that are not valid. Please check the key and try again later.',
      { 'retry-after': String(Math.max(1, spent.ttlInSeconds)) },
    );
  };
  /**
   * The key's account for generate's guard, found with the template version the body names in
   * one statement (target.ts); unknown keys count against the address's guessing budget.
   */
  const findKeyAccount = async (req: FastifyRequest, keyHash: string) => {
    await refuseGuessers(req);
    const found = await findKeyTarget(deps.db, req, keyHash);
    if (!found) await failedKeyLookups(req);
    return found?.userId;
  };

  /** The PDF now, or (asked with `Prefer: respond-async`, not in test mode) a job of it: 202. */
  const generate = async (
    req: FastifyRequest<{ Body: contract.GenerateDocumentBody }>,
    reply: FastifyReply,
  ) => {
    if (!wantsAsync(req) || req.body.test) {
      const target = await keyTargetOf(req, req.body);
      return sendPdf(reply, await documents.generate(req.userId, target, req.body));
    }
    const job = await batches.startDocumentJob(req.userId, req.body);
    return reply
      .code(202)
      .header('location', job.statusUrl)
      .header('preference-applied', 'respond-async')
      .send(job);
  };

  app.options(generateDocument.path, { schema: { hide: true } }, (_req, reply) =>
    allowCrossOrigin(reply)
      .header('access-control-allow-methods', 'POST')
      .header(
        'access-control-allow-headers',
        `content-type, x-api-key, ${contract.IDEMPOTENCY_KEY_HEADER}`,
      )
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );

  // Server-to-server, authenticated by x-api-key: no session, so no XSRF cookie to check.
  route(app, generateDocument, async (req, reply) => generate(req, reply), {
    // Before anything else, a stored answer given again included (plugins/idempotency.ts).
    onRequest: async (req) => {
      if (KEY_IN_QUERY.test(req.url)) {
        throw new AppError(
          'INVALID_API_KEY',
          400,
          'Send the API key in the x-api-key header, never in the URL.',
        );
      }
    },
    config: {
      findKeyAccount,
      // Per key (security.md §22); a missing or malformed key shares one bucket per address.
      rateLimit: {
        max: deps.config.apiRateLimitPerMinute,
        timeWindow: 60_000,
        keyGenerator: (req) => {
          const keyHash = apiKeyHashOf(deps, req);
          return keyHash ? `key:${keyHash}` : `ip:${req.ip}`;
        },
      },
    },
    onSend: async (_req, reply) => {
      allowCrossOrigin(reply);
    },
  });

  route(
    app,
    contract.tryoutDocument,
    async (req, reply) =>
      sendPdf(reply, await documents.tryout(req.auth.userId, req.body.templateName)),
    {
      config: {
        // Per account, after the session check (route() runs the guard before the limit).
        rateLimit: {
          max: TRYOUTS_PER_ACCOUNT_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => `tryout:${req.auth.userId}`,
        },
      },
    },
  );

  // A batch's documents, made as a job (batches.ts); its status and files are the jobs routes'.
  route(
    app,
    contract.createBatch,
    async (req, reply) => {
      const job = await batches.start(req.userId, req.body);
      return reply.code(202).header('location', job.statusUrl).send(job);
    },
    { bodyLimit: contract.MAX_BATCH_BODY_BYTES },
  );
};
