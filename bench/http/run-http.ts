/**
 * The HTTP benchmark: Platen's generate endpoint on the real server next to the same request
 * answered with a fixed PDF by a bench-only Fastify app, interleaved and repeated, then one
 * longer run watching the server's memory.
 */
import { TEMPLATES, templateBytes, valuesFor } from '../generation/fixtures.ts';
import {
  hasWrk,
  oneDocument,
  runAutocannon,
  runWrk,
  sampleRss,
  type LoadResult,
  type Target,
} from './load.ts';
import { prepareAccount, startProductServer } from './product-server.ts';
import { startFixedServer } from './start-fixed-server.ts';

export interface HttpResults {
  pdfBytes: number;
  rounds: { platen: LoadResult[]; fixed: LoadResult[] };
  memory: { seconds: number; samplesMb: number[]; load: LoadResult };
}

const ROUTE = '/v1/document/generate/template';

export const runHttp = async (options: {
  rounds: number;
  seconds: number;
  memorySeconds: number;
}): Promise<HttpResults> => {
  const a4 = TEMPLATES.find((t) => t.id === 'a4')!;
  const product = await startProductServer();
  try {
    const account = await prepareAccount(product, { meta: a4, bytes: templateBytes(a4) });
    const body = JSON.stringify({
      templateName: account.templateName,
      fields: valuesFor('latin').values,
    });
    const platen: Target = { url: `${product.baseUrl}${ROUTE}`, apiKey: account.apiKey, body };
    const pdf = await oneDocument(platen);
    const fixedServer = await startFixedServer(pdf);
    try {
      const fixed: Target = { ...platen, url: `${fixedServer.baseUrl}${ROUTE}` };
      await runAutocannon(platen, 3); // warm: every worker thread prepares the template once
      await runAutocannon(fixed, 2);
      const rounds = { platen: [] as LoadResult[], fixed: [] as LoadResult[] };
      for (let round = 1; round <= options.rounds; round++) {
        for (const [name, target] of [
          ['platen', platen],
          ['fixed', fixed],
        ] as const) {
          const r = await runAutocannon(target, options.seconds);
          rounds[name].push(r);
          console.log(
            `http round ${round} autocannon ${name}: ${r.requestsPerSecond.toFixed(0)} req/s`,
          );
          if (hasWrk()) {
            const w = runWrk(target, options.seconds);
            rounds[name].push(w);
            console.log(`http round ${round} wrk ${name}: ${w.requestsPerSecond.toFixed(0)} req/s`);
          }
        }
      }
      const watched = await sampleRss(product.process.pid!, () =>
        runAutocannon(platen, options.memorySeconds),
      );
      // Let answers still in flight finish before the servers stop.
      await new Promise((r) => setTimeout(r, 2000));
      return {
        pdfBytes: pdf.length,
        rounds,
        memory: {
          seconds: options.memorySeconds,
          samplesMb: watched.samples,
          load: watched.result,
        },
      };
    } finally {
      await fixedServer.stop();
    }
  } finally {
    await product.stop();
  }
};
