/**
 * The HTTP benchmark: Platen's generate endpoint on the real server next to the same request
 * answered with a fixed PDF by a bench-only Fastify app, interleaved and repeated, then one
 * longer run watching the server's memory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATES, templateBytes, valuesFor } from '../generation/fixtures.ts';
import { hasWrk, runAutocannon, runWrk, sampleRss, type LoadResult, type Target } from './load.ts';
import {
  freePort,
  prepareAccount,
  startProductServer,
  stopProcess,
  waitUntilUp,
} from './product-server.ts';

export interface HttpResults {
  pdfBytes: number;
  rounds: { platen: LoadResult[]; fixed: LoadResult[] };
  memory: { seconds: number; samplesMb: number[]; load: LoadResult };
}

const ROUTE = '/v1/document/generate/template';

const startFixedServer = async (pdf: Uint8Array) => {
  const file = join(mkdtempSync(join(tmpdir(), 'platen-fixed-')), 'fixed.pdf');
  writeFileSync(file, pdf);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixed-pdf-server.ts'), `${port}`, file],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/healthz`);
  return { baseUrl, stop: () => stopProcess(child) };
};

const oneDocument = async (t: Target) => {
  const res = await fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': t.apiKey },
    body: t.body,
  });
  if (!res.ok) throw new Error(`generate: HTTP ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
};

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
