import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, seededRandom } from '../mutations.ts';
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
  UPLOAD_PATHS,
  uploadThrough,
  type UploadLane,
} from '../upload-paths.ts';

/*
 * Random mutations of the corpus files (ours, and the third-party ones when present) through every upload path of a real server process.
 * `npm test` runs a small count; `npm run fuzz` a large one. Settings (environment):
 *   FUZZ_CASES (200), FUZZ_SEED (20260301), FUZZ_SECONDS (time budget, 90),
 *   FUZZ_CONCURRENCY (4), FUZZ_CASE (replay one case of the seed).
 */
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CASES = setting('FUZZ_CASES', 200);
const SEED = setting('FUZZ_SEED', 20260301);
const BUDGET_MS = setting('FUZZ_SECONDS', 90) * 1000;
const CONCURRENCY = setting('FUZZ_CONCURRENCY', 4);
const ONLY_CASE = process.env.FUZZ_CASE === undefined ? undefined : Number(process.env.FUZZ_CASE);
/** Files over this size are left to the unmutated corpus test: each costs seconds to parse. */
const MAX_SEED_BYTES = 400 * 1024;

// The generated files repeat byte for byte, except the encrypted ones (random salts): replaying
// a case (FUZZ_CASE) is exact on a machine whose corpus cache still holds the same build.
const entries = await corpusEntries();
const seeds = entries.filter((entry) => entry.data.length <= MAX_SEED_BYTES);

/** Case `n` of the seed: always the same file, mutations and path. */
const fuzzCase = (n: number) => {
  const random = seededRandom(SEED * 1_000_003 + n);
  const seed = random.pick(seeds);
  const other = random.pick(entries);
  const path = random.pick(UPLOAD_PATHS);
  const { data, applied } = mutate(seed.data, random, other.data);
  return { n, file: seed.file, path, data, applied: [...applied, `with ${other.file}`] };
};

describe('fuzzing the upload paths', () => {
  let data: SystemData;
  let server: ServerProcess;

  beforeAll(async () => {
    data = await createSystemData('sqlite');
    server = await data.start();
  });
  afterAll(() => data.dispose());

  it(
    `answers ${ONLY_CASE ?? CASES} mutated files (seed ${SEED}) with a 2xx or 4xx, serving others, under the memory cap`,
    { timeout: BUDGET_MS + 120_000 },
    async () => {
      const lanes: UploadLane[] = [];
      for (let i = 0; i < CONCURRENCY; i += 1) lanes.push(await openUploadLane(server.url, `${i}`));
      const watcher = await remoteSignUp(server.url);
      const cases = ONLY_CASE === undefined ? [...Array(CASES).keys()] : [ONLY_CASE];
      const deadline = Date.now() + BUDGET_MS;
      const failures: string[] = [];
      const counts: Record<string, number> = {};
      let next = 0;

      const runLane = async (lane: UploadLane) => {
        while (next < cases.length && Date.now() < deadline) {
          const c = fuzzCase(cases[next++] as number);
          let status: number | string;
          try {
            status = (await uploadThrough(lane, c.path, `fuzz-${c.file}`, c.data)).status;
          } catch (error) {
            status = `no answer (${String(error)})`;
          }
          const key = `${c.path} ${typeof status === 'number' ? status : 'error'}`;
          counts[key] = (counts[key] ?? 0) + 1;
          if (typeof status !== 'number' || !isClientAnswer(status)) {
            const dir = join(tmpdir(), 'platen-fuzz-failures');
            mkdirSync(dir, { recursive: true });
            const saved = join(dir, `seed${SEED}-case${c.n}-${c.path}-${c.file}`);
            writeFileSync(saved, c.data);
            failures.push(
              `case ${c.n}: ${c.path} ${c.file} [${c.applied.join(', ')}] → ${status} (${saved})`,
            );
          }
        }
      };

      const started = Date.now();
      const { answers } = await whileServingOthers(server.url, watcher.token, () =>
        Promise.all(lanes.map(runLane)),
      );
      const memory = await processMemoryMb(server.child.pid ?? 0);
      console.info(
        [
          `Fuzz: seed ${SEED}, ${next} of ${cases.length} cases in ${Math.round((Date.now() - started) / 1000)} s`,
          `  answers: ${JSON.stringify(counts)}`,
          `  other requests served meanwhile: ${answers.ok}, failed: ${answers.failed.length}`,
          `  server peak RSS ${Math.round(memory.peakRssMb)} MB (cap ${SERVER_MEMORY_CAP_MB} MB)`,
          ...(failures.length > 0
            ? ['  failures:', ...failures, server.output().slice(-4000)]
            : []),
        ].join('\n'),
      );
      expect(failures).toEqual([]);
      expect(answers.failed).toEqual([]);
      expect(answers.ok).toBeGreaterThan(0);
      expect(memory.peakRssMb).toBeLessThan(SERVER_MEMORY_CAP_MB);
      // A budget that ends the run early is reported above; the count must still be meaningful.
      expect(next).toBeGreaterThanOrEqual(Math.min(cases.length, 50));
    },
  );
});
