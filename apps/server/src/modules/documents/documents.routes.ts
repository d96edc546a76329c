import * as contract from '@platen/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { requireSession } from '../../plugins/session-guard.ts';
import { createDocumentsService, type Document } from './documents.service.ts';

// Header values must be ASCII: escape the rest the way JSON allows, so the value stays valid JSON.
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const sendPdf = (reply: FastifyReply, document: Document) =>
  reply
    .type('application/pdf')
    .header('content-disposition', 'inline; filename="document.pdf"')
    .header(contract.FIT_REPORT_HEADER, asciiJson(document.fitReport))
    .header('cache-control', 'no-store')
    .send(Buffer.from(document.pdf));

const KEY_IN_QUERY = /[?&](api[-_]?key|x-api-key|key)=/i;

export const documentsRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const documents = createDocumentsService(opts.deps);

  // Server-to-server, authenticated by x-api-key: no session, so no XSRF cookie to check.
  route(
    app,
    contract.generateDocument,
    async (req, reply) => {
      if (KEY_IN_QUERY.test(req.url)) {
        throw new AppError(
          'INVALID_API_KEY',
          400,
          'Send the API key in the x-api-key header, never in the URL.',
        );
      }
      const key = req.headers['x-api-key'];
      return sendPdf(
        reply,
        await documents.generate(typeof key === 'string' ? key : undefined, req.body),
      );
    },
    { config: { csrf: false } },
  );

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', requireSession(opts.deps));
    route(guarded, contract.tryoutDocument, async (req, reply) =>
      sendPdf(reply, await documents.tryout(req.auth.userId, req.body.templateName)),
    );
  });
};
