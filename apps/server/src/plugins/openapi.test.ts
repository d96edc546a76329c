import * as contract from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const isEndpoint = (value: unknown): value is contract.Endpoint =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value;

const endpoints = (Object.values(contract) as unknown[]).filter(isEndpoint);

describe('the OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('sqlite');
  });
  afterAll(() => app.dispose());

  it('documents every endpoint of the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(endpoints.length).toBeGreaterThan(10);
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(
        doc.paths[path]?.[endpoint.method.toLowerCase()],
        `${endpoint.method} ${path}`,
      ).toBeDefined();
    }
  });

  it('serves a readable reference page at /docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' });
    const page =
      res.statusCode === 302
        ? await app.inject({ method: 'GET', url: String(res.headers.location) })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
