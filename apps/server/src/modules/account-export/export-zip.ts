import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileJobOutput, JobResultFile } from '../jobs/index.ts';
import type { Deps } from '../../deps.ts';
import type { ExportFile } from './export-contents.ts';

/** Progress is written at most this often (and at the start and the end). */
const PROGRESS_EVERY_MS = 500;

export const EXPORT_FILE_NAME = 'account-export.zip';

/**
 * Streams the export's ZIP into the result store: yazl asks for one lazy entry after another, so
 * each PDF or picture is read from the database only when its turn comes and dropped once
 * written; the export never holds more than one file. PDFs and PNGs are stored as they are (they
 * are compressed already); account.json is deflated. Answers 'stopped' when the try lost its job
 * or its instance is stopping, and then nothing is readable under the key.
 */
export const writeExportZip = async (
  store: Deps['results'],
  output: FileJobOutput,
  contents: { accountJson: unknown; files: ExportFile[]; madeAt: Date },
): Promise<JobResultFile[] | 'stopped'> => {
  const key = `${output.prefix}${EXPORT_FILE_NAME}`;
  const total = contents.files.length + 1;
  if (!(await output.progress(0, total))) return 'stopped';
  const zip = new ZipFile();
  const abort = new AbortController();
  let isStopped = false;
  const stop = () => {
    isStopped = true;
    abort.abort();
  };
  // A failed entry makes yazl emit 'error' and never end: the upload is aborted with it.
  let failure: unknown;
  zip.on('error', (error: unknown) => {
    failure = error;
    abort.abort();
  });
  const stored = store.put(key, zip.outputStream as Readable, { signal: abort.signal });
  stored.catch(() => undefined);

  let done = 1;
  let lastSaved = Date.now();
  const written = async () => {
    done += 1;
    if (output.signal?.aborted) return stop();
    if (Date.now() - lastSaved < PROGRESS_EVERY_MS) return;
    lastSaved = Date.now();
    if (!(await output.progress(done, total))) stop();
  };
  zip.addBuffer(Buffer.from(JSON.stringify(contents.accountJson, null, 2)), 'account.json', {
    mtime: contents.madeAt,
  });
  for (const file of contents.files) {
    zip.addReadStreamLazy(file.path, { compress: false, mtime: contents.madeAt }, (ready) => {
      file
        .load()
        .then(async (bytes) => {
          // Changed meanwhile (a template deleted): this try fails and the next one reads again.
          if (!bytes) throw new Error(`${file.path} is no longer stored`);
          await written();
          ready(null, Readable.from([bytes]));
        })
        .catch((error: unknown) => ready(error as Error, undefined as unknown as Readable));
    });
  }
  zip.end();
  try {
    const { bytes } = await stored;
    if (!(await output.progress(total, total))) return 'stopped';
    return [{ kind: 'zip', key, bytes }];
  } catch (error) {
    if (isStopped) return 'stopped';
    throw failure ?? error;
  }
};
