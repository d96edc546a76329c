import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, pageCountOf } from '../pdf-fixtures.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

const clientDir = join(import.meta.dirname, '../openapi-client');

type IntegratorFlow = (
  baseUrl: string,
  pdf: Blob,
) => Promise<{ pdf: Uint8Array; contentType: string | null; fitReport: string | null }>;

/**
 * The API document proven with tools nobody here wrote: openapi-typescript makes types from the
 * served /docs/json, the TypeScript compiler checks an integrator's program against them, and
 * openapi-fetch runs that program against a listening server.
 */
describe('a client generated from the API document', () => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const document = await (await fetch(`${baseUrl}/docs/json`)).text();
    // Request bodies may leave out properties that have a default; openapi-typescript would
    // otherwise type every property with a default as always present.
    const types = astToString(await openapiTS(document, { defaultNonNullable: false }));
    writeFileSync(join(clientDir, 'api.generated.ts'), types);
  });
  afterAll(() => app.dispose());

  it('type-checks an integrator program written against the generated types', async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [
      tsc,
      '-p',
      join(clientDir, 'tsconfig.json'),
    ]).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(result.stdout).toBe('');
    expect('failed' in result).toBe(false);
  });

  it('signs up, uploads, draws a field and generates a PDF with it', async () => {
    // Imported by its path, so that the server's own type check does not follow it to the
    // generated types (they exist only once this suite has run).
    const { runIntegratorFlow } = (await import(
      pathToFileURL(join(clientDir, 'flow.ts')).href
    )) as {
      runIntegratorFlow: IntegratorFlow;
    };
    const pdf = new Blob([await makePdf({ pages: 2 })], { type: 'application/pdf' });
    const result = await runIntegratorFlow(baseUrl, pdf);
    expect(result.contentType).toBe('application/pdf');
    expect(await pageCountOf(result.pdf)).toBe(2);
    expect(JSON.parse(result.fitReport ?? '{}')).toMatchObject({
      Customer: { result: 'fitted' },
    });
  });
});
