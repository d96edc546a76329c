import type { JobResultFile } from '../jobs/index.ts';
import { openZipOutput } from '../jobs/index.ts';
import type { Deps } from '../../deps.ts';
import type { ExportFile } from './export-contents.ts';

/** Where a try of the export writes, and how it reports progress. */
type ExportOutput = {
  /** The try's folder in the result store, ending in `/`. */
  prefix: string;
  /** Saves progress; false when the try no longer owns the job (stop, nothing is kept). */
  progress: (done: number, total: number) => Promise<boolean>;
  /** Aborted when this instance stops: stop where you are, the job is tried again later. */
  signal?: AbortSignal;
};

/** Progress is written at most this often (and at the start and the end). */
const PROGRESS_EVERY_MS = 500;

const EXPORT_FILE_NAME = 'account-export.zip';

/**
 * Streams the export's ZIP into the result store, one file after another: each PDF or picture
 * is read from the database only when its turn comes and dropped once written, so the export
 * never holds more than one file. Entries are stored as they are (PDFs and PNGs are compressed
 * already). Answers 'stopped' when the try lost its job or its instance is stopping, and then
 * nothing is readable under the key.
 */
export const writeExportZip = async (
  store: Deps['results'],
  output: ExportOutput,
  contents: { accountJson: unknown; files: ExportFile[]; madeAt: Date },
): Promise<JobResultFile[] | 'stopped'> => {
  const key = `${output.prefix}${EXPORT_FILE_NAME}`;
  const total = contents.files.length + 1;
  if (!(await output.progress(0, total))) return 'stopped';
  const zip = openZipOutput(store, key, contents.madeAt);
  const stop = async () => {
    await zip.abort();
    return 'stopped' as const;
  };
  try {
    await zip.add('account.json', Buffer.from(JSON.stringify(contents.accountJson, null, 2)));
    let lastSaved = Date.now();
    for (const [index, file] of contents.files.entries()) {
      const bytes = await file.load();
      // Changed meanwhile (a template deleted): this try fails and the next one reads again.
      if (!bytes) throw new Error(`${file.path} is no longer stored`);
      await zip.add(file.path, bytes);
      if (output.signal?.aborted) return await stop();
      if (Date.now() - lastSaved < PROGRESS_EVERY_MS) continue;
      lastSaved = Date.now();
      if (!(await output.progress(index + 2, total))) return await stop();
    }
    const bytes = await zip.finish();
    if (!(await output.progress(total, total))) return 'stopped';
    return [{ kind: 'zip', key, bytes }];
  } catch (error) {
    await zip.abort();
    throw error;
  }
};
