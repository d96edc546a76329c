/**
 * The batch benchmark: POST /v1/document/batch with 10,000 A4 items to the real server (SQLite,
 * results on disk under its DATA_DIR), timed from the POST until GET /v1/jobs/:id says
 * succeeded, while the server's resident memory is sampled; then the ZIP is downloaded to disk
 * and its entries counted.
 */
import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TEMPLATES, templateBytes } from '../generation/fixtures.ts';
import { prepareAccount, startProductServer } from '../http/product-server.ts';
import { BATCH_FIELDS, batchItems, zipEntryCount } from './batch-fixture.ts';

export interface BatchRound {
  items: number;
  /** POST sent → the job seen succeeded (polled every POLL_MS). */
  seconds: number;
  /** The job's own createdAt → finishedAt, as the server recorded them. */
  serverSeconds: number;
  docsPerSecond: number;
  /** The server's CPU time (all its threads, user + system) over `seconds`. */
  cpuSeconds: number;
  zipBytes: number;
  zipEntries: number;
  downloadSeconds: number;
  rssBeforeMb: number;
  /** The largest of VmHWM (reset before the POST when the kernel allows it) and the samples. */
  peakRssMb: number;
  rssAfterMb: number;
  /** RSS (MB) when the job had done a quarter, half, three quarters of its items. */
  rssAtQuartersMb: number[];
}

export interface BatchResults {
  items: number;
  warmUpItems: number;
  rounds: BatchRound[];
  /** The same rounds on another checkout's server, run in alternation with these. */
  baseline: { root: string; rounds: BatchRound[] } | undefined;
  isPeakReset: boolean;
  profileDir: string | undefined;
}

const POLL_MS = 50;

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 10 ms). */
const cpuSecondsOf = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const statusOf = async (pid: number) => readFile(`/proc/${pid}/status`, 'utf8');
const kbField = (status: string, name: string) =>
  Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;

/** Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0+), so it is this batch's. */
const resetPeak = async (pid: number) => {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

const expectOk = async (res: Response, what: string) => {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return res;
};

interface JobView {
  id: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  progress: { done: number; total: number; failed: number };
  results: { kind: string; bytes: number }[];
}

/** One batch, start to finish, with the server's memory watched all along. */
const runBatch = async (
  server: { baseUrl: string; pid: number },
  apiKey: string,
  body: string,
  items: number,
  zipPath: string,
) => {
  const headers = { 'x-api-key': apiKey };
  const rssBeforeMb = kbField(await statusOf(server.pid), 'VmRSS');
  const isPeakReset = await resetPeak(server.pid);
  const samples: { done: number; rssMb: number }[] = [];
  let done = 0;
  let peakSampled = rssBeforeMb;
  const sampler = setInterval(() => {
    statusOf(server.pid)
      .then((status) => {
        const rssMb = kbField(status, 'VmRSS');
        peakSampled = Math.max(peakSampled, rssMb);
        samples.push({ done, rssMb });
      })
      .catch(() => undefined);
  }, 25);
  try {
    const cpuBefore = await cpuSecondsOf(server.pid);
    const started = performance.now();
    const created = await expectOk(
      await fetch(`${server.baseUrl}/v1/document/batch`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }),
      'create batch',
    );
    let job = (await created.json()) as JobView;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const res = await fetch(`${server.baseUrl}/v1/jobs/${job.id}`, { headers });
      job = (await (await expectOk(res, 'get job')).json()) as JobView;
      done = job.progress.done;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (await cpuSecondsOf(server.pid)) - cpuBefore;
    if (job.status !== 'succeeded' || job.progress.failed > 0) {
      throw new Error(`batch ended ${job.status}: ${JSON.stringify(job.progress)}`);
    }
    const peakRssMb = Math.max(peakSampled, kbField(await statusOf(server.pid), 'VmHWM'));
    const rssAfterMb = kbField(await statusOf(server.pid), 'VmRSS');
    const downloadStarted = performance.now();
    const zip = await expectOk(
      await fetch(`${server.baseUrl}/v1/jobs/${job.id}/results/zip`, { headers }),
      'download ZIP',
    );
    await pipeline(
      Readable.fromWeb(zip.body as WebReadableStream<Uint8Array>),
      createWriteStream(zipPath),
    );
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    const zipEntries = zipEntryCount(zipPath);
    await rm(zipPath);
    const zipBytes = job.results.find((r) => r.kind === 'zip')?.bytes ?? NaN;
    const atQuarter = (q: number) =>
      samples.find((s) => s.done >= (q * items) / 4)?.rssMb ?? Number.NaN;
    const round: BatchRound = {
      items,
      seconds,
      serverSeconds: (Date.parse(job.finishedAt!) - Date.parse(job.createdAt)) / 1000,
      docsPerSecond: items / seconds,
      cpuSeconds,
      zipBytes,
      zipEntries,
      downloadSeconds,
      rssBeforeMb,
      peakRssMb,
      rssAfterMb,
      rssAtQuartersMb: [1, 2, 3].map(atQuarter),
    };
    return { round, isPeakReset };
  } finally {
    clearInterval(sampler);
  }
};

/** A server started, its account made and warmed up with a small batch, ready for rounds. */
const startBatchServer = async (
  root: string | undefined,
  nodeArgs: string[],
  bodyOf: (templateName: string, count: number) => string,
) => {
  const a4 = TEMPLATES.find((t) => t.id === 'a4')!;
  const server = await startProductServer({ nodeArgs, root });
  try {
    const { apiKey, templateName } = await prepareAccount(
      server,
      { meta: a4, bytes: templateBytes(a4) },
      BATCH_FIELDS,
    );
    const target = { baseUrl: server.baseUrl, pid: server.process.pid! };
    // Warm: the template prepared in a worker and adopted by the main thread, the code compiled.
    const warmUp = bodyOf(templateName, WARM_UP_ITEMS);
    await runBatch(target, apiKey, warmUp, WARM_UP_ITEMS, join(server.dataDir, 'w.zip'));
    const round = async (body: string, items: number, name: string) =>
      runBatch(target, apiKey, body, items, join(server.dataDir, `${name}.zip`));
    const stop = async () => {
      await server.stop();
      // Every round leaves its ZIP in the server's results: gigabytes in the temporary folder.
      await rm(server.dataDir, { recursive: true, force: true });
    };
    return { templateName, round, stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
};

const WARM_UP_ITEMS = 500;

const describeRound = (label: string, r: BatchRound) =>
  `${label}: ${r.items} docs in ${r.seconds.toFixed(2)} s = ${r.docsPerSecond.toFixed(0)} docs/s, ` +
  `server CPU ${r.cpuSeconds.toFixed(1)} s, ZIP ${(r.zipBytes / 1e6).toFixed(0)} MB (${r.zipEntries} entries), ` +
  `RSS ${r.rssBeforeMb.toFixed(0)} → peak ${r.peakRssMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} MB`;

export const runBatchBench = async (options: {
  rounds: number;
  items: number;
  /** Where the server writes a CPU profile (node --cpu-prof) when it stops. */
  profileDir?: string;
  /**
   * Another checkout of the repository (e.g. `git archive main` unpacked, its node_modules
   * linked) whose server runs the same rounds, one after each of this checkout's, so that old
   * and new meet the same load on the shared machine.
   */
  baselineRoot?: string;
}): Promise<BatchResults> => {
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const bodyOf = (templateName: string, count: number) =>
    JSON.stringify({ templateName, version: 'draft', items: batchItems(count), output: 'zip' });
  const servers = [await startBatchServer(undefined, nodeArgs, bodyOf)];
  try {
    if (options.baselineRoot)
      servers.push(await startBatchServer(options.baselineRoot, [], bodyOf));
    const bodies = servers.map((server) => bodyOf(server.templateName, options.items));
    const rounds: BatchRound[][] = servers.map(() => []);
    let isPeakReset = true;
    for (let round = 1; round <= options.rounds; round++) {
      for (const [i, server] of servers.entries()) {
        const result = await server.round(bodies[i]!, options.items, `batch-${round}`);
        isPeakReset &&= result.isPeakReset;
        rounds[i]!.push(result.round);
        console.log(
          describeRound(`batch round ${round}${i > 0 ? ' (baseline)' : ''}`, result.round),
        );
      }
    }
    return {
      items: options.items,
      warmUpItems: WARM_UP_ITEMS,
      rounds: rounds[0]!,
      baseline: options.baselineRoot
        ? { root: options.baselineRoot, rounds: rounds[1]! }
        : undefined,
      isPeakReset,
      profileDir: options.profileDir,
    };
  } finally {
    for (const server of servers) await server.stop();
  }
};
