/**
 * Load generators and a memory sampler. autocannon runs in this process and saturates its own
 * core near 2,000 requests/s on these 2-core machines, so it measures a ceiling of its own;
 * wrk (C, when installed: apt-get install -y wrk) shows how far the servers go beyond that.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- autocannon ships no type declarations
import autocannon from 'autocannon';

export interface LoadResult {
  tool: 'autocannon' | 'wrk';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  errors: number;
  non2xx: number;
}

export interface Target {
  url: string;
  apiKey: string;
  body: string;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

export const runAutocannon = async (t: Target, seconds: number, connections = 32) => {
  const run = autocannon as (options: object) => Promise<AutocannonResult>;
  const r = await run({
    url: t.url,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': t.apiKey },
    body: t.body,
  });
  return {
    tool: 'autocannon',
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    ok: r['2xx'],
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  } satisfies LoadResult;
};

export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);

/** wrk, 1 thread, on a URL: a GET, or the request a Lua `script` describes. */
const wrk = (url: string, seconds: number, connections: number, script?: string): LoadResult => {
  const out = execFileSync(
    'wrk',
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      ...(script ? ['-s', script] : []),
      url,
    ],
    { encoding: 'utf8' },
  );
  const latency = (p: string) => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    tool: 'wrk',
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    ok: total - non2xx,
    errors,
    non2xx,
  };
};

/** GET `url` with wrk (e.g. /healthz). */
export const runWrkGet = (url: string, seconds: number, connections = 32) =>
  wrk(url, seconds, connections);

export const runWrk = (t: Target, seconds: number, connections = 32): LoadResult => {
  const script = join(tmpdir(), `platen-wrk-${process.pid}.lua`);
  const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string here
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${lua(t.body)}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["x-api-key"] = ${lua(t.apiKey)}`,
    ].join('\n'),
  );
  return wrk(t.url, seconds, connections, script);
};

/** One request of a target, its answer's bytes; throws on an error answer. */
export const oneDocument = async (t: Target) => {
  const res = await fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': t.apiKey },
    body: t.body,
  });
  if (!res.ok) throw new Error(`generate: HTTP ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
};

/** Resident memory of a process, in MB (Linux). */
export const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
};

/** Samples a process's RSS every second while `work` runs. */
export const sampleRss = async <T>(pid: number, work: () => Promise<T>) => {
  const samples: number[] = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 1000);
  try {
    return { result: await work(), samples: [...samples, rssMb(pid)] };
  } finally {
    clearInterval(timer);
  }
};

/**
 * CPU time of a process's threads, in ms, by kind (Linux, /proc): its main thread, its worker
 * threads (piscina's), V8's helper threads (mostly garbage collection), and the
 * rest (libuv's pool, the inspector). Clock ticks are 10 ms, so read it over seconds of load.
 */
export const threadCpuMs = (pid: number) => {
  const kinds = { main: 0, workers: 0, v8: 0, other: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    let name: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command's closing bracket: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    // Node names its threads since 22; a worker is named as it was made (WorkerThread unnamed).
    const kind =
      Number(tid) === pid
        ? 'main'
        : name === 'V8Worker' || name.startsWith('DelayedTaskSche')
          ? 'v8'
          : name === 'libuv-worker' || name === 'SignalInspector'
            ? 'other'
            : 'workers';
    kinds[kind] += ms;
  }
  return kinds;
};
