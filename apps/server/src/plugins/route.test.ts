import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '@platen/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDeps, type Deps } from '../deps.ts';
import { migrateToLatest } from '../db/database.ts';
import { testConfig } from '../../test/test-app.ts';
import accountGuard from './account-guard.ts';
import errorHandler from './error-handler.ts';
import { route } from './route.ts';

const endpoint = (path: string, auth: Endpoint['auth']): Endpoint => ({
  method: 'POST',
  path,
  operationId: `call${auth}`,
  summary: 'A call for the guard',
  tag: 'Tests',
  auth,
  csrf: false,
  body: z.object({ name: z.string() }),
  response: z.object({ ok: z.literal(true) }),
});

/**
 * An app with nothing but route(): no guarded scope, no hook registered beside it, so whatever
 * refuses a call here is the guard the descriptor's `auth` names.
 */
describe('route() guards a call as its descriptor says', () => {
  let app: FastifyInstance;
  let deps: Deps;
  let dataDir: string;
  const handled: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'platen-route-'));
    deps = createDeps(testConfig({ dataDir }));
    await migrateToLatest(deps.db);
    app = Fastify();
    app.decorate('deps', deps); // the error handler reads it
    await app.register(accountGuard, { deps });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    for (const auth of ['none', 'bearer', 'apiKey', 'apiKeyOrBearer'] as const) {
      route(app, endpoint(`/${auth}`, auth), async () => {
        handled.push(auth);
        return { ok: true };
      });
    }
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await deps.pdfPool.close();
    await deps.results.close();
    await deps.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: path, headers, payload: { name: 'x' } });

  it('refuses a call without credentials where the descriptor asks for them', async () => {
    const bearer = await call('/bearer');
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const keyOrBearer = await call('/apiKeyOrBearer');
    expect(keyOrBearer.statusCode).toBe(401);
    expect(keyOrBearer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const apiKey = await call('/apiKey');
    expect(apiKey.statusCode).toBe(401);
    expect(apiKey.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(handled).toEqual([]);
  });

  it('refuses an unknown API key, and a key where the descriptor asks for a session', async () => {
    const unknownKey = { 'x-api-key': `plt_${'0'.repeat(43)}` };
    expect((await call('/apiKey', unknownKey)).statusCode).toBe(401);
    expect((await call('/apiKeyOrBearer', unknownKey)).statusCode).toBe(401);
    expect((await call('/bearer', unknownKey)).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await call('/bearer', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect(handled).toEqual([]);
  });

  it('refuses to declare a route in an app without the guards', () => {
    const bare = Fastify();
    expect(() => route(bare, endpoint('/bearer', 'bearer'), async () => ({ ok: true }))).toThrow(
      /account-guard/,
    );
  });

  it('lets a public call through', async () => {
    expect((await call('/none')).statusCode).toBe(200);
    expect(handled).toEqual(['none']);
  });
});
