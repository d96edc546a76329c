/**
 * The request path in one run: the product server (SQLite, and PostgreSQL when TEST_DATABASE_URL
 * is set; LOG_LEVEL info and warn) next to a bare Fastify answering with the product's own bytes,
 * on GET /healthz and generate on the A4 and W-9 templates, with wrk (1 thread, 32 connections, a
 * warm-up, then BENCH_COMPARE_SECONDS); and plain pdf-lib load-draw-save of the W-9 in a process
 * of its own. Cells are interleaved, BENCH_COMPARE_ROUNDS rounds, the median kept. Writes its
 * section of bench/RESULTS.md; exits 1 if a product cell saw a socket error or a non-2xx answer.
 *   BENCH_CORPUS_DIR=../shared/corpus TEST_DATABASE_URL=postgres://… npm run bench:http-compare
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { createPostgresDatabase } from '../../apps/server/test/test-app.ts';
import type { CellResult } from '../generation/cell.ts';
import { TEMPLATES, templateBytes, valuesFor } from '../generation/fixtures.ts';
import { runCell } from '../generation/run-generation.ts';
import {
  ROUTES,
  writeCompareSection,
  type CompareRun,
  type Row,
  type RouteId,
} from './compare-report.ts';
import { hasWrk, oneDocument, runWrk, runWrkGet, type LoadResult, type Target } from './load.ts';
import { prepareAccount, startProductServer } from './product-server.ts';
import type { RunningServer } from './server-process.ts';
import { startFixedServer } from './start-fixed-server.ts';

const SECONDS = Number(process.env.BENCH_COMPARE_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const ROUTE = '/v1/document/generate/template';

/** A server under test: one wrk run per route, and what stops it. */
interface Subject extends Omit<Row, 'cells'> {
  run: Record<RouteId, (seconds: number) => LoadResult>;
  stop: () => Promise<void>;
}

const templateOf = (id: 'a4' | 'fw9') => TEMPLATES.find((t) => t.id === id)!;

const generateTarget = async (server: RunningServer & { dataDir: string }, id: 'a4' | 'fw9') => {
  const meta = templateOf(id);
  const account = await prepareAccount(server, { meta, bytes: templateBytes(meta) });
  const body = JSON.stringify({
    templateName: account.templateName,
    fields: valuesFor('latin').values,
  });
  return { url: `${server.baseUrl}${ROUTE}`, apiKey: account.apiKey, body } satisfies Target;
};

const routesOf = (healthzUrl: string, a4: Target, fw9: Target) => ({
  healthz: (seconds: number) => runWrkGet(healthzUrl, seconds),
  a4: (seconds: number) => runWrk(a4, seconds),
  fw9: (seconds: number) => runWrk(fw9, seconds),
});

const startProduct = async (database: Row['database'], logLevel: string, databaseUrl?: string) => {
  const env = { LOG_LEVEL: logLevel, ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  const server = await startProductServer({ env, log: 'ignore' });
  try {
    const a4 = await generateTarget(server, 'a4');
    const fw9 = await generateTarget(server, 'fw9');
    const run = routesOf(`${server.baseUrl}/healthz`, a4, fw9);
    return {
      name: 'product',
      database,
      logLevel,
      isProduct: true,
      run,
      stop: server.stop,
      a4,
      fw9,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
};

/** The bare Fastify: one per template, each answering with the product's own document. */
const startBare = async (a4: Target, fw9: Target): Promise<Subject> => {
  const [a4Server, fw9Server] = [
    await startFixedServer(await oneDocument(a4)),
    await startFixedServer(await oneDocument(fw9)),
  ];
  const run = routesOf(
    `${a4Server.baseUrl}/healthz`,
    { ...a4, url: `${a4Server.baseUrl}${ROUTE}` },
    { ...fw9, url: `${fw9Server.baseUrl}${ROUTE}` },
  );
  const stop = async () => void (await Promise.all([a4Server.stop(), fw9Server.stop()]));
  return { name: 'bare Fastify', database: '—', logLevel: '—', isProduct: false, run, stop };
};

const startSubjects = async (cleanUp: (() => Promise<void>)[]) => {
  const subjects: Subject[] = [];
  const start = async <T extends Subject>(subject: Promise<T>) => {
    const started = await subject;
    cleanUp.push(started.stop);
    subjects.push(started);
    return started;
  };
  const sqliteWarn = await start(startProduct('SQLite', 'warn'));
  await start(startProduct('SQLite', 'info'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    for (const logLevel of ['warn', 'info']) {
      const database = await createPostgresDatabase(adminUrl);
      cleanUp.push(database.drop);
      await start(startProduct('PostgreSQL', logLevel, database.url));
    }
  } else console.info('TEST_DATABASE_URL is not set: the PostgreSQL rows are left out.');
  await start(startBare(sqliteWarn.a4, sqliteWarn.fw9));
  return subjects;
};

/** One cell: a warm-up, then the measured run; the warm-up's errors count too. */
const cell = (run: (seconds: number) => LoadResult): LoadResult => {
  const warmUp = run(WARM_UP_SECONDS);
  const measured = run(SECONDS);
  return {
    ...measured,
    errors: measured.errors + warmUp.errors,
    non2xx: measured.non2xx + warmUp.non2xx,
  };
};

const measure = async (subjects: Subject[]) => {
  const cells = new Map(subjects.map((s) => [s, new Map<RouteId, LoadResult[]>()]));
  const pdfLib: CellResult[] = [];
  const w9 = { id: 'fw9', label: 'W-9', template: 'fw9', set: 'latin', approaches: [] } as const;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const route of ROUTES) {
      for (const subject of subjects) {
        const r = cell(subject.run[route]);
        const list = cells.get(subject)!;
        list.set(route, [...(list.get(route) ?? []), r]);
        const what = `${subject.name} ${subject.database} ${subject.logLevel} ${route}`;
        console.log(
          `round ${round} ${what}: ${r.requestsPerSecond.toFixed(0)} req/s, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, socket errors ${r.errors}`,
        );
      }
    }
    const r = await runCell('pdf-lib', { ...w9, approaches: ['pdf-lib'] }, SECONDS);
    pdfLib.push(r);
    console.log(`round ${round} pdf-lib W-9: ${r.error ?? `${r.docsPerSecond.toFixed(1)} docs/s`}`);
  }
  const rows = subjects.map(({ name, database, logLevel, isProduct }, i) => {
    return { name, database, logLevel, isProduct, cells: cells.get(subjects[i]!)! };
  });
  return { rows, pdfLib };
};

const main = async () => {
  if (!hasWrk()) throw new Error('bench:http-compare needs wrk (apt-get install -y wrk).');
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const cleanUp: (() => Promise<void>)[] = [];
  try {
    const subjects = await startSubjects(cleanUp);
    const { rows, pdfLib } = await measure(subjects);
    const run: CompareRun = {
      startedAt,
      loadAtStart,
      loadAtEnd: loadavg(),
      commit: execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8' }).trim(),
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      rounds: ROUNDS,
      rows,
      pdfLib,
    };
    const failures = writeCompareSection(run);
    if (failures.length > 0) {
      console.error(`Errors or non-2xx answers in product cells: ${failures.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const stop of cleanUp.reverse()) await stop();
  }
};

await main();
