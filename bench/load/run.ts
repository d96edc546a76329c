/**
 * Load on the generate endpoint of the real server: autocannon for BENCH_LOAD_SECONDS (60) at
 * BENCH_LOAD_CONNECTIONS (50) on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set.
 * Reports requests per second, p50/p99 latency, errors (anything but 2xx and the expected 402),
 * the server's peak RSS and whether its memory grew during the run. Writes bench/load/RESULTS.md;
 * exits 1 on an error or on memory growth.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- autocannon ships no type declarations
import autocannon from 'autocannon';
import { corpusFile } from '../../apps/server/test/corpus.ts';
import {
  processMemoryMb,
  remoteApiKey,
  remoteCall,
  remoteCreateTemplate,
  remoteSignUp,
} from '../../apps/server/test/remote.ts';
import { createSystemData } from '../../apps/server/test/system-server.ts';
import type { TestDatabase } from '../../apps/server/test/test-app.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 5;
/** Memory "grows" when the last third of the run sits this much above the first third. */
const GROWTH_TOLERANCE = 0.1;
const RAISED_LIMIT = 1_000_000_000;

type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
const run = autocannon as (options: object) => Promise<AutocannonResult>;

const FIELDS = Array.from({ length: 10 }, (_, i) => ({
  label: `field_${i + 1}`,
  fieldType: 'text',
  page: 1,
  rectX: 60,
  rectY: 120 + i * 40,
  rectWidth: 240,
  rectHeight: 18,
  fontSize: 11,
}));
const VALUES = Object.fromEntries(FIELDS.map((f, i) => [f.label, `Value ${i + 1}, Main Street`]));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const benchOne = async (database: TestDatabase) => {
  const data = await createSystemData(database);
  try {
    const server = await data.start({ API_RATE_LIMIT_PER_MINUTE: String(RAISED_LIMIT) });
    const pid = server.child.pid ?? 0;
    const { token } = await remoteSignUp(server.url);
    const pdf = corpusFile('pdfs/bench_a4_form_generated.pdf');
    const created = await remoteCreateTemplate(server.url, token, 'Load A4', pdf);
    if (created.status !== 200) throw new Error(`upload: ${created.status} ${created.body}`);
    const saved = await remoteCall(server.url, 'PUT', '/v1/template', {
      token,
      body: { templateName: 'Load A4', inputs: FIELDS },
    });
    if (saved.status !== 200) throw new Error(`save: ${saved.status} ${saved.body}`);
    const apiKey = await remoteApiKey(server.url, token, 'Load A4');
    const db = data.openDb();
    await db.updateTable('plans').set({ monthly_limit: RAISED_LIMIT }).execute();
    await db.destroy();
    console.info(
      `[${database}] Raised every plan's monthly limit to ${RAISED_LIMIT.toLocaleString('en')} in ` +
        `this benchmark's own throwaway database, and API_RATE_LIMIT_PER_MINUTE to the same.`,
    );
    const target = {
      url: `${server.url}/v1/document/generate/template`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ templateName: 'Load A4', fields: VALUES }),
      connections: CONNECTIONS,
    };
    await run({ ...target, duration: WARM_UP_SECONDS });
    const samples: number[] = [];
    const timer = setInterval(() => {
      void processMemoryMb(pid).then((m) => samples.push(m.rssMb));
    }, 1000);
    const result = await run({ ...target, duration: SECONDS });
    clearInterval(timer);
    const memory = await processMemoryMb(pid);
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    );
    const unexpected = Object.entries(codes)
      .filter(([code]) => !code.startsWith('2') && code !== '402')
      .reduce((sum, [, count]) => sum + count, 0);
    const third = Math.max(1, Math.floor(samples.length / 3));
    const early = median(samples.slice(0, third));
    const late = median(samples.slice(-third));
    return {
      database,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + unexpected,
      statusCodes: codes,
      peakRssMb: Math.round(memory.peakRssMb),
      earlyRssMb: Math.round(early),
      lateRssMb: Math.round(late),
      memoryGrew: late > early * (1 + GROWTH_TOLERANCE),
    };
  } finally {
    await data.dispose();
  }
};

const databases = (
  (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) as TestDatabase[]
).filter((d) => !process.env.BENCH_LOAD_ONLY || d === process.env.BENCH_LOAD_ONLY);
if (!process.env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: the load benchmark runs on SQLite only.');
}
const results = [];
for (const database of databases) {
  const r = await benchOne(database);
  console.info(JSON.stringify(r));
  results.push(r);
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
const rows = results.map(
  (r) =>
    `| ${r.database} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ` +
    `${JSON.stringify(r.statusCodes)} | ${r.peakRssMb} | ${r.earlyRssMb} → ${r.lateRssMb} | ${r.memoryGrew ? 'GREW' : 'did not grow'} |`,
);
writeFileSync(
  join(import.meta.dirname, 'RESULTS.md'),
  [
    '# Load: generate endpoint',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${machine}. \`npm run bench:load\`: autocannon ${SECONDS} s at ` +
      `${CONNECTIONS} connections (after ${WARM_UP_SECONDS} s of warm-up) on POST /v1/document/generate/template, ` +
      'the corpus A4 form with ten text fields, load generator and server on the same machine. ' +
      "Each run raises the plans' monthly limits in its own throwaway database and sets " +
      'API_RATE_LIMIT_PER_MINUTE high, so no 402 or 429 is expected.',
    '',
    '| database | requests/s | p50 ms | p99 ms | errors | answers | peak RSS MB | RSS MB first → last third | memory |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n'),
);
if (results.some((r) => r.errors > 0 || r.memoryGrew)) process.exit(1);
