/**
 * `npm run bench`: generation throughput of Platen's fill next to pdf-lib, pdfme and a byte
 * copy on three templates plus a Unicode case, then HTTP load on the real server next to a
 * fixed-buffer ceiling. Writes bench/RESULTS.md. Not part of `npm test`.
 *
 * Environment: BENCH_ROUNDS (3), BENCH_SECONDS per generation cell (2), BENCH_HTTP_SECONDS (10),
 * BENCH_MEMORY_SECONDS (60), BENCH_HTTP=0 to skip the HTTP part, BENCH_ONLY=a4,unicode to run
 * some cases only, BENCH_BATCH=0 to skip the batch, BENCH_BATCH_ITEMS (10000),
 * BENCH_BATCH_PROFILE=<folder> to have the batch server write a CPU profile (node --cpu-prof)
 * there when it stops, BENCH_BATCH_BASELINE=<checkout> to run each batch round on that
 * checkout's server too, in alternation (old against new under the same load).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { ApproachId } from './generation/approaches.ts';
import { TEMPLATES } from './generation/fixtures.ts';
import { runGeneration, type BenchCase } from './generation/run-generation.ts';
import { runHttp } from './http/run-http.ts';
import { runBatchBench } from './jobs/run-batch.ts';
import { renderResults } from './report.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const rounds = env('BENCH_ROUNDS', 3);
const seconds = env('BENCH_SECONDS', 2);
const httpSeconds = env('BENCH_HTTP_SECONDS', 10);
const memorySeconds = env('BENCH_MEMORY_SECONDS', 60);
const only = process.env.BENCH_ONLY?.split(',');

const ALL = ['platen', 'platen-keyed', 'pdf-lib', 'pdfme', 'byte-copy'] as const;
const cases: BenchCase[] = [
  ...TEMPLATES.map((t): BenchCase => ({
    id: t.id,
    label: `${t.label}: standard fonts`,
    template: t.id,
    set: 'latin' as const,
    approaches: [...ALL],
  })),
  {
    id: 'unicode' as const,
    label: `${TEMPLATES[0]!.label}: Unicode values (Polish, Greek, €), embedded font`,
    template: 'a4' as const,
    set: 'unicode' as const,
    approaches: [...ALL],
  },
  {
    id: 'cjk' as const,
    label: `${TEMPLATES[0]!.label}: Japanese and Chinese names, different in every document (600 names), per-document font subsets`,
    template: 'a4' as const,
    set: 'cjk' as const,
    approaches: ['platen', 'platen-keyed', 'byte-copy'] as ApproachId[],
  },
  {
    id: 'qrcode' as const,
    label: `${TEMPLATES[0]!.label}: the standard-font fields and a payment QR code, different in every document`,
    template: 'a4' as const,
    set: 'qrcode' as const,
    approaches: ['platen', 'platen-keyed', 'byte-copy'] as ApproachId[],
  },
  {
    id: 'invoice' as const,
    label: `${TEMPLATES[0]!.label}: an invoice, the standard-font fields, a payment QR code and a 30-row table, different in every document`,
    template: 'a4' as const,
    set: 'invoice' as const,
    approaches: ['platen', 'platen-keyed', 'byte-copy'] as ApproachId[],
  },
].filter((c) => !only || only.includes(c.id));

const startLoad = loadavg();
const generation = await runGeneration(cases, rounds, seconds);
const http =
  process.env.BENCH_HTTP === '0'
    ? undefined
    : await runHttp({ rounds, seconds: httpSeconds, memorySeconds });
const batch =
  process.env.BENCH_BATCH === '0'
    ? undefined
    : await runBatchBench({
        rounds,
        items: env('BENCH_BATCH_ITEMS', 10_000),
        profileDir: process.env.BENCH_BATCH_PROFILE,
        baselineRoot: process.env.BENCH_BATCH_BASELINE,
      });

const notes = [
  ...TEMPLATES.map((t) => `Template \`${t.file}\` (shared/corpus): ${t.source}.`),
  'Fields: ten one-line text fields (Helvetica 11 pt) in a column and one checkbox on page 1; the same values for every approach (bench/generation/fixtures.ts).',
  "Platen: `fill()` of a @platen/pdf-engine fill engine (`createFillEngine()`) as the server's workers call it. The template bytes are passed on every call and found in the engine's prepared-template cache by content (a full byte comparison each time); the keyed row passes `templateKey` and skips that comparison. Documents are incremental updates of the template.",
  'pdf-lib: `PDFDocument.load` (parseSpeed Infinity), draw, `save()` for every document, with the plain `pdf-lib` package; in the Unicode case `@cantoo/pdf-lib` + `@cantoo/fontkit` embedding a subset of Arimo per document (plain pdf-lib with @pdf-lib/fontkit drops glyphs of these fonts, packages/pdf-engine/README.md).',
  'pdfme: `@pdfme/generator` `generate()` with its text and checkbox plugins and its default embedded font (Roboto), the template as basePdf with an empty schema for every page after the first so the output keeps all pages.',
  'Byte copy: `new Uint8Array(template)`: the least any approach that returns a new document must do.',
  'Each cell runs in its own Node process (tsx), so peak RSS is that approach alone, including loading its libraries and its warm-up (for Platen: parsing the template once).',
  'docs/s is documents made one after another divided by wall time; on this shared, overloaded machine preemption stalls (tens of ms) hit every approach, the faster ones relatively more, so the median latency shows the work itself better.',
  "HTTP: the product server (`node --import tsx apps/server/src/server.ts`, SQLite in a temporary DATA_DIR, LOG_LEVEL=warn; these documents are filled on its request thread, as cheap ones are, others in its worker-thread pool: apps/server/README.md) with an account made through the API (register, upload, save fields, API key from GET /v1/template/:name). The FREE plan allows 100 documents a month: the benchmark raises `plans.monthly_limit` in that throwaway platen.db, and sets API_RATE_LIMIT_PER_MINUTE=1000000000 for that server. The ceiling is bench/http/fixed-pdf-server.ts: a separate Fastify app (same Fastify version) answering the same POST with a fixed PDF (the product server's own output for these values).",
  'autocannon runs in the benchmark process and saturates its own core near 2,000 req/s on this machine; wrk (one thread) is the C load generator. Both share the 2 cores with the server under test.',
];

const path = join(import.meta.dirname, 'RESULTS.md');
writeFileSync(
  path,
  renderResults({ cases, generation, http, batch, rounds, seconds, httpSeconds, notes, startLoad }),
);
console.log(`wrote ${path}`);
