import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import type { JobsService } from '../jobs/index.ts';
import { createAccountExportService } from './account-export.service.ts';

/**
 * Exports of the signed-in account's data; the download answers its signed link alone (a plain
 * link the browser follows cannot carry the session's bearer token).
 */
export const accountExportRoutes = async (
  app: FastifyInstance,
  opts: { deps: Deps; jobs: JobsService },
) => {
  const exports = createAccountExportService(opts.deps, opts.jobs);

  route(app, contract.createAccountExport, async (req, reply) =>
    reply.code(202).send(await exports.create(req.auth.userId)),
  );
  route(app, contract.getAccountExport, (req) => exports.get(req.auth.userId, req.params.id));
  route(app, contract.downloadAccountExport, async (req, reply) => {
    const file = await exports.openDownload(req.params.id, req.query);
    return reply
      .type('application/zip')
      .header('content-length', String(file.bytes))
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });
};
