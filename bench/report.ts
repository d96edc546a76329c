/** RESULTS.md from the measurements: medians over rounds, ratios, the machine and the noise. */
import { cpus, loadavg, totalmem } from 'node:os';
import { APPROACHES, type ApproachId } from './generation/approaches.ts';
import type { CellResult } from './generation/cell.ts';
import type { BenchCase, CaseResults } from './generation/run-generation.ts';
import type { HttpResults } from './http/run-http.ts';
import type { LoadResult } from './http/load.ts';
import { batchSection } from './jobs/batch-report.ts';
import type { BatchResults } from './jobs/run-batch.ts';
import { fmt, markdownTable, median, ms, type Column } from './table.ts';

const ok = (cells: CellResult[] | undefined) => (cells ?? []).filter((c) => !c.error);
const med = (cells: CellResult[] | undefined, key: keyof Omit<CellResult, 'error'>) =>
  median(ok(cells).map((c) => c[key]));

const CASE_COLUMNS: Column[] = [
  { title: 'approach' },
  ...['docs/s', 'median latency (ms)', 'p99 latency (ms)', 'peak RSS (MB)', 'output (KB)'].map(
    (title) => ({ title, isNumber: true }),
  ),
  { title: 'rounds' },
];

const caseTable = (c: BenchCase, results: CaseResults) => {
  const rows: string[][] = [];
  for (const id of c.approaches) {
    const cells = results.get(id);
    const good = ok(cells);
    const errors = (cells ?? []).filter((x) => x.error).map((x) => x.error);
    const rounds = good.map((x) => fmt(x.docsPerSecond, x.docsPerSecond < 10 ? 1 : 0)).join(' / ');
    rows.push([
      APPROACHES[id],
      fmt(med(cells, 'docsPerSecond'), med(cells, 'docsPerSecond') < 10 ? 2 : 0),
      ms(med(cells, 'medianMs')),
      ms(med(cells, 'p99Ms')),
      fmt(med(cells, 'peakRssMb')),
      fmt(med(cells, 'outputBytes') / 1024, 1),
      `${rounds}${errors.length ? ` (failed: ${errors[0]})` : ''}`,
    ]);
  }
  const lines = [`### ${c.label}`, '', ...markdownTable(CASE_COLUMNS, rows)];
  if (c.set === 'cjk') {
    lines.push(
      '',
      `First document of the template in a fresh process (template prepared, HarfBuzz and the Japanese and Chinese faces loaded): ${ms(med(results.get('platen'), 'firstMs'))} ms (median over rounds).`,
    );
  }
  const rate = (id: ApproachId) => med(results.get(id), 'docsPerSecond');
  const lat = (id: ApproachId) => med(results.get(id), 'medianMs');
  const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${fmt(a / b, 1)}×` : '—');
  if (!c.approaches.includes('pdf-lib')) return [...lines, ''].join('\n');
  lines.push(
    '',
    `Ratios (docs/s): Platen / pdf-lib **${ratio(rate('platen'), rate('pdf-lib'))}**, ` +
      `Platen / pdfme **${ratio(rate('platen'), rate('pdfme'))}**, ` +
      `byte copy / Platen **${ratio(rate('byte-copy'), rate('platen'))}**. ` +
      `By median latency, which preemption on the shared machine disturbs least: ` +
      `${ratio(lat('pdf-lib'), lat('platen'))}, ${ratio(lat('pdfme'), lat('platen'))}, ` +
      `${ratio(lat('platen'), lat('byte-copy'))}.`,
    '',
  );
  return lines.join('\n');
};

const loadRow = (name: string, runs: LoadResult[], tool: LoadResult['tool']) => {
  const r = runs.filter((x) => x.tool === tool);
  if (r.length === 0) return undefined;
  const each = r.map((x) => fmt(x.requestsPerSecond)).join(' / ');
  return [
    name,
    tool,
    fmt(median(r.map((x) => x.requestsPerSecond))),
    ms(median(r.map((x) => x.p50Ms))),
    ms(median(r.map((x) => x.p99Ms))),
    String(r.reduce((s, x) => s + x.errors + x.non2xx, 0)),
    each,
  ];
};

const HTTP_COLUMNS: Column[] = [
  { title: 'server' },
  { title: 'load tool' },
  ...['req/s', 'p50 (ms)', 'p99 (ms)', 'errors'].map((title) => ({ title, isNumber: true })),
  { title: 'rounds (req/s)' },
];

const httpSection = (h: HttpResults, seconds: number) => {
  const rate = (runs: LoadResult[], tool: LoadResult['tool']) =>
    median(runs.filter((x) => x.tool === tool).map((x) => x.requestsPerSecond));
  const share = (tool: LoadResult['tool']) =>
    `${fmt((100 * rate(h.rounds.platen, tool)) / rate(h.rounds.fixed, tool))} %`;
  const s = h.memory.samplesMb;
  const rows = (['autocannon', 'wrk'] as const).flatMap((tool) =>
    [
      loadRow('Platen generate (A4, 10 text + checkbox)', h.rounds.platen, tool),
      loadRow(`fixed ${fmt(h.pdfBytes / 1024)} KB PDF buffer (ceiling)`, h.rounds.fixed, tool),
    ].filter((row) => row !== undefined),
  );
  return [
    `## HTTP: generate endpoint vs a fixed PDF buffer`,
    '',
    `POST /v1/document/generate/template, ${seconds} s per run, 32 connections, interleaved, ` +
      'median of the rounds. Errors counts socket errors, timeouts and non-2xx answers.',
    '',
    ...markdownTable(HTTP_COLUMNS, rows),
    '',
    `Platen / ceiling: **${share('autocannon')}** with autocannon, **${share('wrk')}** with wrk.`,
    '',
    `Memory over a ${h.memory.seconds} s autocannon run on the product server ` +
      `(${fmt(h.memory.load.requestsPerSecond)} req/s, ${h.memory.load.errors + h.memory.load.non2xx} errors): ` +
      `RSS every 15 s: ${s
        .filter((_, i) => i % 15 === 0 || i === s.length - 1)
        .map((v) => fmt(v))
        .join(' → ')} MB (peak ${fmt(Math.max(...s))} MB). The server holds the engine, pdf.js ` +
      'and sharp in its main thread and in each of its 2 PDF worker threads.',
    '',
  ].join('\n');
};

export const renderResults = (input: {
  cases: BenchCase[];
  generation: Map<string, CaseResults>;
  http: HttpResults | undefined;
  batch: BatchResults | undefined;
  rounds: number;
  seconds: number;
  httpSeconds: number;
  notes: string[];
  startLoad: number[];
}) => {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const header = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (see bench/README.md for what each approach does).',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus().length} × ${cpu}, ${fmt(totalmem() / 2 ** 30, 1)} GB RAM, ${process.platform} ${process.arch}`,
    `- Node ${process.version}`,
    `- Load average at start ${input.startLoad.map((v) => fmt(v, 1)).join(' / ')}, at end ${loadavg()
      .map((v) => fmt(v, 1))
      .join(' / ')} ` +
      '(the machine is shared: other test runs compete for its 2 cores, so absolute numbers are noisy).',
    `- Generation: ${input.rounds} interleaved rounds, each cell ${input.seconds} s (at least 3 documents) in its own Node process after a warm-up; medians over rounds.`,
    '',
  ];
  const sections = input.cases.map((c) => caseTable(c, input.generation.get(c.id)!));
  return [
    ...header,
    '## Generation, one process, warm, 10 text fields + 1 checkbox',
    '',
    ...sections,
    input.http
      ? httpSection(input.http, input.httpSeconds)
      : '## HTTP\n\nSkipped (BENCH_HTTP=0).\n',
    input.batch ? batchSection(input.batch) : '## Batch\n\nSkipped (BENCH_BATCH=0).\n',
    '## Notes',
    '',
    ...input.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
};
