/**
 * One cell of the generation benchmark, in its own process so its peak memory is its own:
 *   node --import tsx generation/cell.ts <approach> <template> <latin|unicode|cjk> <seconds>
 * Warms up, then makes documents one after another for the given time (at least 3) and prints
 * one JSON line: documents per second, median and p99 latency, peak RSS, output size.
 */
import { prepareApproach, type ApproachId } from './approaches.ts';
import { TEMPLATES, templateBytes, type ValueSet } from './fixtures.ts';

export interface CellResult {
  docs: number;
  docsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  peakRssMb: number;
  outputBytes: number;
  /** The first document, template preparation and font loading included. */
  firstMs: number;
  error?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

const run = async (): Promise<CellResult> => {
  const [approach, templateId, set, seconds] = process.argv.slice(2);
  const template = TEMPLATES.find((t) => t.id === templateId);
  if (!approach || !template || !set || !seconds)
    throw new Error('usage: cell.ts approach template set seconds');
  const make = await prepareApproach(
    approach as ApproachId,
    templateBytes(template),
    set as ValueSet,
  );
  const first = performance.now();
  let output = await make();
  const firstMs = performance.now() - first;
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) output = await make();
  const latencies: number[] = [];
  const end = performance.now() + Number(seconds) * 1000;
  const start = performance.now();
  while (latencies.length < 3 || performance.now() < end) {
    const t0 = performance.now();
    output = await make();
    latencies.push(performance.now() - t0);
  }
  const elapsed = performance.now() - start;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    docs: latencies.length,
    docsPerSecond: (latencies.length * 1000) / elapsed,
    medianMs: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    outputBytes: output.length,
    firstMs,
  };
};

run()
  .then((result) => console.log(JSON.stringify(result)))
  .catch((error: unknown) => {
    console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  });
