import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processMemoryMb, remoteSignUp } from '../remote.ts';
import type { ServerProcess } from '../server-process.ts';
import {
  createSystemData,
  SERVER_MEMORY_CAP_MB,
  whileServingOthers,
  type SystemData,
} from '../system-server.ts';
import {
  corpusEntries,
  isClientAnswer,
  openUploadLane,
  uploadThrough,
  type CorpusEntry,
  type UploadPath,
} from '../upload-paths.ts';

/*
 * Every corpus file (ours, and the third-party ones when present) through every upload path, on
 * a real server process. Two pairs are tested elsewhere and left out here: PDFs as new templates
 * (modules/templates/corpus-uploads.test.ts) and our images as pictures
 * (modules/users/users.routes.test.ts, which names each one; the one it leaves out is sent here).
 */
const coveredElsewhere = (path: UploadPath, entry: CorpusEntry) =>
  (path === 'create' && entry.folder === 'pdfs') ||
  (path === 'picture' &&
    entry.folder === 'images' &&
    !entry.isThirdParty &&
    entry.file !== 'picture-rgba-32x32.png');

const PATHS: UploadPath[] = ['create', 'replace', 'picture', 'stamp'];
const LANES = 2;

describe('the corpus through every upload path', () => {
  let data: SystemData;
  let server: ServerProcess;

  beforeAll(async () => {
    data = await createSystemData('sqlite');
    server = await data.start();
  });
  afterAll(() => data.dispose());

  it(
    'answers every file on every path with a 2xx or 4xx, serving others, under the memory cap',
    // Each file gets at most 10 s of a worker from the server's own limit (PDF_TASK_TIMEOUT_MS); how
    // long an answer takes on the clock depends on the machine, and is printed, not asserted.
    { timeout: 240_000 },
    async () => {
      const entries = await corpusEntries();
      const jobs = PATHS.flatMap((path) =>
        entries.filter((entry) => !coveredElsewhere(path, entry)).map((entry) => ({ path, entry })),
      );
      const lanes = await Promise.all(
        [...Array(LANES).keys()].map((i) => openUploadLane(server.url, `${i}`)),
      );
      const watcher = await remoteSignUp(server.url);
      const outcomes: string[] = [];
      const failures: string[] = [];
      let slowestS = 0;
      let next = 0;
      const { answers } = await whileServingOthers(server.url, watcher.token, () =>
        Promise.all(
          lanes.map(async (lane) => {
            while (next < jobs.length) {
              const { path, entry } = jobs[next++] as (typeof jobs)[number];
              const started = performance.now();
              const res = await uploadThrough(lane, path, entry.file, entry.data);
              const seconds = (performance.now() - started) / 1000;
              slowestS = Math.max(slowestS, seconds);
              const { code } = res.status === 200 ? { code: 'ok' } : res.json<{ code?: string }>();
              const outcome = `  ${path} ${entry.folder}/${entry.file}: ${res.status} ${code}`;
              outcomes.push(`${outcome} (${seconds.toFixed(1)} s)`);
              if (!isClientAnswer(res.status)) failures.push(outcome);
            }
          }),
        ),
      );
      const memory = await processMemoryMb(server.child.pid ?? 0);
      console.info(
        [
          `Corpus on every path: ${jobs.length} uploads`,
          ...outcomes.sort(),
          `  slowest answer: ${slowestS.toFixed(1)} s`,
          `  other requests served meanwhile: ${answers.ok}, failed: ${answers.failed.length}`,
          `  server peak RSS ${Math.round(memory.peakRssMb)} MB (cap ${SERVER_MEMORY_CAP_MB} MB)`,
        ].join('\n'),
      );
      expect(outcomes).toHaveLength(jobs.length);
      expect(failures).toEqual([]);
      expect(answers.failed).toEqual([]);
      expect(answers.ok).toBeGreaterThan(0);
      expect(memory.peakRssMb).toBeLessThan(SERVER_MEMORY_CAP_MB);
    },
  );
});
