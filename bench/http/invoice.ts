/**
 * The invoice over HTTP, next to the plain A4 fill (bench/README.md "Generation", the invoice
 * case): one product server (SQLite), one account per case, generate with wrk (autocannon
 * without it) at 32 connections, the two cases interleaved for BENCH_INVOICE_ROUNDS rounds of
 * BENCH_INVOICE_SECONDS each, after a warm-up. The invoice is the A4 template's ten text fields
 * and checkbox, a payment QR code and 30 table rows of four columns; its body is the same on
 * every request, which caches nothing: every request encodes its code and lays out its rows
 * anew.
 *   node --import tsx bench/http/invoice.ts
 */
import { loadavg } from 'node:os';
import { FIELDS, TEMPLATES, fieldsFor, templateBytes, valuesFor } from '../generation/fixtures.ts';
import { hasWrk, oneDocument, runAutocannon, runWrk, threadCpuMs, type Target } from './load.ts';
import { prepareAccount, startProductServer } from './product-server.ts';

const SECONDS = Number(process.env.BENCH_INVOICE_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_INVOICE_ROUNDS ?? 5);
const ROUTE = '/v1/document/generate/template';

/*
 * wrk when installed: autocannon runs in Node and takes about a core of these two-core machines
 * itself, more for the invoice's larger bodies and answers, so it measures its own cost as much
 * as the server's. BENCH_INVOICE_TOOL=autocannon forces it.
 */
const TOOL = process.env.BENCH_INVOICE_TOOL ?? (hasWrk() ? 'wrk' : 'autocannon');
const load = async (t: Target, seconds: number) =>
  TOOL === 'wrk' ? runWrk(t, seconds) : runAutocannon(t, seconds);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// BENCH_INVOICE_COMPILED=1 runs the built server (`npm run build` first), as `npm start` does.
const server = await startProductServer({
  log: 'ignore',
  compiled: process.env.BENCH_INVOICE_COMPILED === '1',
});
try {
  const meta = TEMPLATES.find((t) => t.id === 'a4')!;
  const template = { meta, bytes: templateBytes(meta) };
  const target = async (set: 'latin' | 'invoice'): Promise<Target> => {
    const account = await prepareAccount(
      server,
      template,
      set === 'latin' ? FIELDS : fieldsFor(set),
    );
    const body = JSON.stringify({
      templateName: account.templateName,
      fields: valuesFor(set, 42).values,
    });
    const t = { url: `${server.baseUrl}${ROUTE}`, apiKey: account.apiKey, body };
    await oneDocument(t); // a 2xx, or the run stops here with the server's answer
    return t;
  };
  const cases = { 'plain A4': await target('latin'), invoice: await target('invoice') };
  for (const t of Object.values(cases)) await load(t, 5);
  const rates: Record<string, number[]> = { 'plain A4': [], invoice: [] };
  // Each round's two runs follow each other: their ratio is less moved by the machine's load,
  // which changes from minute to minute, than the ratio of the two medians.
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, t] of Object.entries(cases)) {
      const before = threadCpuMs(server.process.pid!);
      const r = await load(t, SECONDS);
      const after = threadCpuMs(server.process.pid!);
      if (r.errors + r.non2xx > 0)
        throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      rates[name]!.push(r.requestsPerSecond);
      const documents = r.requestsPerSecond * SECONDS;
      const perDocument = (Object.keys(after) as (keyof typeof after)[])
        .map((kind) => `${kind} ${((after[kind] - before[kind]) / documents).toFixed(2)}`)
        .join(', ');
      console.log(
        `round ${round + 1} ${name}: ${r.requestsPerSecond.toFixed(0)} documents/s, ` +
          `p99 ${r.p99Ms} ms; CPU ms per document: ${perDocument}`,
      );
    }
    ratios.push(rates.invoice!.at(-1)! / rates['plain A4']!.at(-1)!);
  }
  const plain = median(rates['plain A4']!);
  const invoice = median(rates.invoice!);
  console.log(
    `median: plain A4 ${plain.toFixed(0)}/s, invoice ${invoice.toFixed(0)}/s: ` +
      `${((invoice / plain) * 100).toFixed(0)} %; median of the rounds' ratios ` +
      `${(median(ratios) * 100).toFixed(0)} % (${TOOL}, load average ${loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await server.stop();
}
