import { describe, expect, it } from 'vitest';
import { call, signUp } from '../../test/http.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases } from '../../test/test-app.ts';
import { apiKeyOf, generate, uploadTemplate } from '../../test/templates.ts';

describe.each(testDatabases())('metrics on %s', (database) => {
  it('counts requests and their latency by route and status, documents, queue and pool', async () => {
    const app = await buildTestApp(database);
    try {
      const account = await signUp(app);
      await uploadTemplate(app, account, { name: 'Form', pdf: await makePdf() });
      await generate(app, await apiKeyOf(app, account, 'Form'), {
        templateName: 'Form',
        fields: {},
      });
      await call(app, 'GET', '/v1/no/such/route');
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /http_requests_total\{method="POST",route="\/v1\/auth\/register",status="200"\} 1/,
      );
      expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="POST",route="\/v1\/auth\/register",status="200"\} 1/,
      );
      expect(text).toMatch(
        /http_request_duration_seconds_bucket\{le="10",method="GET",route="unmatched",status="404"\} 1/,
      );
      expect(text).toMatch(/documents_generated_total 1/);
      expect(text).toMatch(/document_generation_duration_seconds_count 1/);
      expect(text).toMatch(/pdf_worker_queue_length 0/);
      // The upload started the pool, which keeps a worker alive from then on.
      expect(text).toMatch(/pdf_workers_alive [1-9]/);
      expect(text).toMatch(/pdf_tasks_running 0/);
      // SQLite has one connection and no pool; PostgreSQL's pool reports its connections.
      if (database === 'postgres')
        expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toContain('process_resident_memory_bytes');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.dispose();
    }
  });

  it('needs the token when one is configured', async () => {
    const token = 'metrics-token-0123456789';
    const app = await buildTestApp('sqlite', { metricsToken: token });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const ok = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await app.dispose();
    }
  });

  it('does not exist in production without a token', async () => {
    const app = await buildTestApp('sqlite', { env: 'production' });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.dispose();
    }
  });
});
