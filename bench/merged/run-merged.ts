/**
 * What merging filled documents into one PDF costs per document (`createMergedPdfWriter`), on
 * the generation benchmark's templates and values (the first value numbered, so no two documents
 * are the same). Documents are filled one by one and added as
 * they come, as a batch does; only the `add` calls are timed. The sink keeps the chunks, which
 * are counted (and written to a file when BENCH_MERGE_OUT is a directory) outside the timing.
 *
 *   node --import tsx bench/merged/run-merged.ts            # 2,000 documents per case
 *   BENCH_MERGE_DOCS=10000 BENCH_MERGE_OUT=/tmp node --import tsx bench/merged/run-merged.ts
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFillEngine, createMergedPdfWriter } from '@platen/pdf-engine';
import {
  FIELDS,
  TEMPLATES,
  templateBytes,
  valuesFor,
  type ValueSet,
} from '../generation/fixtures.ts';

const DOCUMENTS = Number(process.env.BENCH_MERGE_DOCS ?? 2000);
const OUT = process.env.BENCH_MERGE_OUT;

const CASES: { template: (typeof TEMPLATES)[number]['id']; values: ValueSet; share: number }[] = [
  { template: 'a4', values: 'latin', share: 1 },
  { template: 'a4', values: 'unicode', share: 1 },
  { template: 'a4', values: 'cjk', share: 1 },
  { template: 'fw9', values: 'latin', share: 1 },
  // 2 MB a document to fill: a tenth of the documents is enough to see the cost per document.
  { template: 'form24', values: 'latin', share: 0.1 },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const runCase = async ({ template, values, share }: (typeof CASES)[number]) => {
  const bytes = templateBytes(TEMPLATES.find((t) => t.id === template)!);
  const engine = createFillEngine();
  const count = Math.max(10, Math.round(DOCUMENTS * share));
  const file = OUT ? openSync(join(OUT, `merged-${template}-${values}.pdf`), 'w') : undefined;
  let written = 0;
  const chunks: Uint8Array[] = [];
  const writer = createMergedPdfWriter({ write: (chunk) => void chunks.push(chunk) });
  // Outside the timed calls: the disk is not what is measured.
  const drain = () => {
    for (const chunk of chunks.splice(0)) {
      written += chunk.length;
      if (file !== undefined) writeSync(file, chunk);
    }
  };
  const times: number[] = [];
  let documentBytes = 0;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  for (let n = 0; n < count; n++) {
    // Every document differs, as in a real batch: its number follows the first value.
    const base = valuesFor(values, n).values;
    const first = base['Text 1'];
    const filled = { ...base, 'Text 1': `${typeof first === 'string' ? first : ''} ${n}` };
    const { pdf } = await engine.fill(bytes, FIELDS, filled);
    documentBytes += pdf.length;
    const start = performance.now();
    await writer.add(pdf);
    times.push(performance.now() - start);
    drain();
    if (n % 100 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const start = performance.now();
  const summary = await writer.finish();
  const finishMs = performance.now() - start;
  drain();
  if (file !== undefined) closeSync(file);
  const steady = times.slice(1);
  const total = steady.reduce((sum, t) => sum + t, 0);
  return {
    case: `${template} ${values}`,
    documents: count,
    firstMs: times[0]!.toFixed(1),
    meanMs: (total / steady.length).toFixed(3),
    medianMs: median(steady).toFixed(3),
    finishMs: finishMs.toFixed(1),
    mergedMB: (summary.bytes / 1e6).toFixed(1),
    documentsMB: (documentBytes / 1e6).toFixed(1),
    rssGrowthMB: ((rssPeak - rssBefore) / 1e6).toFixed(0),
    written: written === summary.bytes,
  };
};

const rows = [];
for (const c of CASES) rows.push(await runCase(c));
console.log(`| ${Object.keys(rows[0]!).join(' | ')} |`);
console.log(
  `| ${Object.keys(rows[0]!)
    .map(() => '---')
    .join(' | ')} |`,
);
for (const row of rows) console.log(`| ${Object.values(row).join(' | ')} |`);
