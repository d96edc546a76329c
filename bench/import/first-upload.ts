/**
 * The first upload a freshly started server answers, as a user meets it after a deploy:
 *   npm run build -w apps/server && node --import tsx bench/import/first-upload.ts [form.pdf]
 * Starts the compiled server on a throwaway SQLite database, registers an account as soon as
 * /healthz answers, and uploads the form (the 2013 1040 by default: the committed government
 * form with the most fields) four times. The first upload pays whatever the instance has not
 * loaded yet; the rest are warm. Not part of `npm run bench`; results in the engine README.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { registerAccount, startProductServer } from '../http/product-server.ts';

const file =
  process.argv[2] ?? join(import.meta.dirname, '../../test-fixtures/gov-forms/irs-f1040-2013.pdf');
const bytes = readFileSync(file);

const started = performance.now();
const server = await startProductServer({ compiled: true, log: 'ignore' });
const upAfterMs = performance.now() - started;
try {
  const { base, auth } = await registerAccount(server.baseUrl);
  const upload = async (name: string) => {
    const form = new FormData();
    form.set('templateName', name);
    form.set('templateDescription', 'First upload benchmark');
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), basename(file));
    const start = performance.now();
    const res = await fetch(`${server.baseUrl}/v1/template`, {
      method: 'POST',
      headers: { ...base, ...auth },
      body: form,
    });
    if (!res.ok) throw new Error(`upload: HTTP ${res.status} ${await res.text()}`);
    return performance.now() - start;
  };
  const first = await upload('First');
  const warm = [await upload('Warm 1'), await upload('Warm 2'), await upload('Warm 3')];
  console.log(
    JSON.stringify({
      form: basename(file),
      serverUpMs: Math.round(upAfterMs),
      firstUploadMs: Math.round(first),
      warmUploadsMs: warm.map(Math.round),
    }),
  );
} finally {
  await server.stop();
}
