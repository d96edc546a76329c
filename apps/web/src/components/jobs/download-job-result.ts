import { downloadJobResult, type Job, type JobResultKind } from '@platen/contract';
import { requestFile } from '../../lib/api-client.ts';
import { saveBlob } from '../files/save-blob.ts';
import { resultFileName } from './job-status.ts';

/**
 * GET /v1/jobs/:id/results/:kind with the session, saved as a file. The session rather than
 * the job's signed URL: a list left open for a while would hold signed URLs that have expired.
 */
export const downloadResult = async (
  job: Pick<Job, 'id' | 'templateName'>,
  kind: JobResultKind,
) => {
  const { blob, headers } = await requestFile(downloadJobResult, { params: { id: job.id, kind } });
  saveBlob(blob, resultFileName(job, kind, headers.get('content-disposition')));
};
