import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import type { JobsService } from './jobs.service.ts';

const RESULT_TYPES: Record<contract.JobResultKind, string> = {
  zip: 'application/zip',
  merged: 'application/pdf',
};

// A file name in a header: ASCII only, quotes and separators replaced.
const headerFileName = (name: string) => name.replace(/[^\x20-\x7e]|["\\/]/g, '_');

/**
 * Batch jobs, for integrations (x-api-key) and the web app (its session) alike: their status,
 * cancel and results (a batch is started by documents). A result's download also answers a signed
 * link without credentials.
 */
export const jobsRoutes = async (app: FastifyInstance, opts: { jobs: JobsService }) => {
  const { jobs } = opts;
  route(app, contract.getJob, async (req) => jobs.get(req.userId, req.params.id));
  route(app, contract.listJobs, async (req) => jobs.list(req.userId, req.query));
  route(app, contract.cancelJob, async (req) => jobs.cancel(req.userId, req.params.id));
  route(
    app,
    contract.downloadJobResult,
    async (req, reply) => {
      const { id, kind } = req.params;
      const { signature, expires } = req.query;
      const caller =
        signature === undefined ? { userId: req.userId } : { signature, expires: expires ?? 0 };
      const file = await jobs.openResult(caller, id, kind);
      return reply
        .type(RESULT_TYPES[kind])
        .header('content-length', String(file.bytes))
        .header('content-disposition', `attachment; filename="${headerFileName(file.fileName)}"`)
        .send(file.stream);
    },
    // A signed link is its own credential; the handler checks it.
    { hasOwnCredential: (req) => (req.query as { signature?: unknown }).signature !== undefined },
  );
};
