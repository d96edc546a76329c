/** The section of bench/RESULTS.md that `compare.ts` writes: every cell, the target ratios, the run. */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { CellResult } from '../generation/cell.ts';
import { fmt, markdownTable, median, ms } from '../table.ts';
import type { LoadResult } from './load.ts';

export const ROUTES = ['healthz', 'a4', 'fw9'] as const;
export type RouteId = (typeof ROUTES)[number];

const ROUTE_LABELS: Record<RouteId, string> = {
  healthz: 'GET /healthz',
  a4: 'generate, A4',
  fw9: 'generate, W-9',
};

export interface Row {
  name: string;
  database: 'SQLite' | 'PostgreSQL' | '—';
  logLevel: string;
  isProduct: boolean;
  cells: Map<RouteId, LoadResult[]>;
}

export interface CompareRun {
  startedAt: Date;
  loadAtStart: number[];
  loadAtEnd: number[];
  commit: string;
  seconds: number;
  warmUpSeconds: number;
  rounds: number;
  rows: Row[];
  pdfLib: CellResult[];
}

const TITLE = '## HTTP: the request path in one run, next to a bare Fastify';
const RESULTS_FILE = join(import.meta.dirname, '..', 'RESULTS.md');
const COMMAND =
  'BENCH_CORPUS_DIR=../shared/corpus TEST_DATABASE_URL=postgres://… npm run bench:http-compare';

const results = (row: Row, route: RouteId) => row.cells.get(route) ?? [];
const rps = (row: Row, route: RouteId) =>
  median(results(row, route).map((r) => r.requestsPerSecond));
const p99 = (row: Row, route: RouteId) => median(results(row, route).map((r) => r.p99Ms));
const sumOf = (row: Row, route: RouteId, count: (r: LoadResult) => number) =>
  results(row, route).reduce((sum, r) => sum + count(r), 0);
const errors = (row: Row, route: RouteId) => sumOf(row, route, (r) => r.errors + r.non2xx);

const cellRows = (run: CompareRun) => {
  const rows = ROUTES.flatMap((route) =>
    run.rows.map((row) => [
      row.name,
      row.database,
      row.logLevel,
      ROUTE_LABELS[route],
      fmt(rps(row, route)),
      ms(p99(row, route)),
      `${fmt(sumOf(row, route, (r) => r.non2xx))} + ${fmt(sumOf(row, route, (r) => r.errors))}`,
      results(row, route)
        .map((r) => fmt(r.requestsPerSecond))
        .join(' / '),
    ]),
  );
  const pdfLib = run.pdfLib.filter((r) => r.error === undefined);
  const docsPerSecond = median(pdfLib.map((r) => r.docsPerSecond));
  return [
    ...rows,
    [
      'plain pdf-lib: load, draw, save (one process, no HTTP)',
      '—',
      '—',
      'W-9 (docs/s)',
      fmt(docsPerSecond, 1),
      ms(median(pdfLib.map((r) => r.p99Ms))),
      `${fmt(run.pdfLib.length - pdfLib.length)} failed`,
      pdfLib.map((r) => fmt(r.docsPerSecond, 1)).join(' / '),
    ],
  ];
};

const verdict = (text: string, isMet: boolean) => `${text} (${isMet ? 'met' : 'not met'})`;

const ratioRows = (run: CompareRun) => {
  const bare = run.rows.find((row) => !row.isProduct)!;
  const pdfLib = median(run.pdfLib.filter((r) => !r.error).map((r) => r.docsPerSecond));
  return run.rows
    .filter((row) => row.isProduct)
    .map((row) => {
      const healthz = rps(row, 'healthz') / rps(bare, 'healthz');
      const a4 = rps(row, 'a4') / rps(bare, 'a4');
      const fw9 = rps(row, 'fw9') / pdfLib;
      const worstP99 = Math.max(...ROUTES.map((route) => p99(row, route)));
      return [
        row.database,
        row.logLevel,
        verdict(`${fmt(healthz * 100)} %`, healthz >= 0.5),
        verdict(`${fmt(a4 * 100)} %`, a4 >= 0.25),
        verdict(`${fmt(fw9)}×`, fw9 >= 100),
        verdict(`${ms(worstP99)} ms`, worstP99 < 20),
      ];
    });
};

const loadAverage = (load: number[]) => load.map((l) => fmt(l, 1)).join(' / ');

const section = (run: CompareRun) => {
  const hasPostgres = run.rows.some((row) => row.database === 'PostgreSQL');
  return [
    TITLE,
    '',
    `Written by \`npm run bench:http-compare\` (bench/http/compare.ts) on ${run.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${run.commit}, Node ${process.version}, ${cpus().length} cores; load average ${loadAverage(run.loadAtStart)} at the start and ${loadAverage(run.loadAtEnd)} at the end (a shared machine: other runs compete for its cores).`,
    '',
    '```sh',
    COMMAND,
    '```',
    '',
    `wrk, 1 thread, 32 connections; each cell a ${run.warmUpSeconds} s warm-up, then ${run.seconds} s measured; cells interleaved (every server on one route, then the next route), ${run.rounds} round${run.rounds === 1 ? '' : 's'}, the median shown. The product server as in bench/http/product-server.ts (an account per template made through the API, plan limit and API rate limit raised), its log lines to /dev/null; ${hasPostgres ? "PostgreSQL: a throwaway database per server on TEST_DATABASE_URL's server, dropped at the end" : 'PostgreSQL left out (TEST_DATABASE_URL not set)'}. The bare Fastify is bench/http/fixed-pdf-server.ts answering /healthz, and generate with the product's own document for that template. Non-2xx answers and socket errors (connect, read, write, timeout: wrk gives up on an answer after 2 s) are summed over the rounds, warm-ups included. Plain pdf-lib is bench/generation/cell.ts \`pdf-lib\` on the W-9 (the same 10 text fields and checkbox), documents one after another for ${run.seconds} s in each round.`,
    '',
    ...markdownTable(
      [
        { title: 'server' },
        { title: 'database' },
        { title: 'LOG_LEVEL' },
        { title: 'route' },
        { title: 'req/s', isNumber: true },
        { title: 'p99 (ms)', isNumber: true },
        { title: 'non-2xx + socket errors', isNumber: true },
        { title: 'rounds (req/s)' },
      ],
      cellRows(run),
    ),
    '',
    "The request path's targets, per product server:",
    '',
    ...markdownTable(
      [
        { title: 'database' },
        { title: 'LOG_LEVEL' },
        { title: '/healthz ÷ bare (≥ 50 %)' },
        { title: 'A4 generate ÷ bare fixed bytes (≥ 25 %)' },
        { title: 'W-9 generate ÷ plain pdf-lib (≥ 100×)' },
        { title: 'highest p99 (< 20 ms)' },
      ],
      ratioRows(run),
    ),
    '',
  ].join('\n');
};

/** `text` in place of this section of RESULTS.md, or added before the batch's section. */
const withSection = (old: string, text: string) => {
  const start = old.indexOf(TITLE);
  if (start >= 0) {
    const end = old.indexOf('\n## ', start);
    return `${old.slice(0, start)}${text}${end < 0 ? '' : old.slice(end)}`;
  }
  const batch = old.indexOf('\n## Batch');
  return batch < 0 ? `${old}\n${text}` : `${old.slice(0, batch)}\n${text}${old.slice(batch)}`;
};

/** Writes this run's section into RESULTS.md and prints it; returns the cells that failed. */
export const writeCompareSection = (run: CompareRun) => {
  const text = section(run);
  console.log(`\n${text}`);
  writeFileSync(RESULTS_FILE, withSection(readFileSync(RESULTS_FILE, 'utf8'), text));
  const failed = run.rows
    .filter((row) => row.isProduct)
    .flatMap((row) =>
      ROUTES.filter((route) => errors(row, route) > 0).map(
        (route) => `${row.database} ${row.logLevel} ${ROUTE_LABELS[route]}`,
      ),
    );
  return run.pdfLib.some((r) => r.error) ? [...failed, 'plain pdf-lib'] : failed;
};
