import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as contract from '@platen/contract';
import { Document as SpectralDocument, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const isEndpoint = (value: unknown): value is contract.Endpoint =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value;

const endpoints = (Object.values(contract) as unknown[]).filter(isEndpoint);

type Operation = {
  operationId?: string;
  parameters?: { name: string; deprecated?: boolean }[];
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  responses: Record<
    string,
    { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }
  >;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { example: unknown }> }> };
};

const openapiPath = (endpoint: contract.Endpoint) => endpoint.path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: Document;
  const operation = (endpoint: contract.Endpoint) =>
    doc.paths[openapiPath(endpoint)]![endpoint.method.toLowerCase()]!;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<Document>();
  });
  afterAll(() => app.dispose());

  it('documents every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(10);
    for (const endpoint of endpoints) {
      expect(
        doc.paths[openapiPath(endpoint)]?.[endpoint.method.toLowerCase()],
        `${endpoint.method} ${endpoint.path}`,
      ).toBeDefined();
    }
  });

  it('names every operation uniquely, with a summary, a tag and its credentials', () => {
    const ids = endpoints.map((endpoint) => operation(endpoint).operationId);
    expect(new Set(ids).size).toBe(endpoints.length);
    for (const endpoint of endpoints) {
      const { summary, tags, security } = operation(endpoint);
      expect(summary, endpoint.path).toBe(endpoint.summary);
      expect(tags, endpoint.path).toEqual([endpoint.tag]);
      expect(security, endpoint.path).toBeDefined();
    }
    expect(operation(contract.health).security).toEqual([]);
    expect(operation(contract.csrf).security).toEqual([]);
    expect(operation(contract.login).security).toEqual([{ xsrfHeader: [], xsrfCookie: [] }]);
    expect(operation(contract.getProfile).security).toEqual([{ bearer: [] }]);
    expect(operation(contract.updateProfile).security).toEqual([
      { bearer: [], xsrfHeader: [], xsrfCookie: [] },
    ]);
    expect(operation(contract.generateDocument).security).toEqual([{ apiKey: [] }]);
    expect(operation(contract.stripeWebhook).security).toEqual([]);
  });

  it('declares PDF answers as binary application/pdf, with the headers they carry', () => {
    for (const endpoint of [
      contract.generateDocument,
      contract.tryoutDocument,
      contract.downloadTemplatePdf,
      contract.downloadTemplateVersionPdf,
    ]) {
      const ok = operation(endpoint).responses['200']!;
      expect(ok.content, endpoint.path).toEqual({
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      });
      expect(Object.keys(ok.headers ?? {}), endpoint.path).toContain('x-request-id');
    }
    expect(Object.keys(operation(contract.generateDocument).responses['200']!.headers!)).toEqual([
      'x-request-id',
      contract.FIT_REPORT_HEADER,
      contract.FIT_WARNINGS_HEADER,
      contract.TEMPLATE_VERSION_HEADER,
      contract.IDEMPOTENT_REPLAYED_HEADER,
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
  });

  it('declares the Idempotency-Key request header on the calls that take one', () => {
    const parameters = (endpoint: contract.Endpoint) =>
      (operation(endpoint) as { parameters?: unknown[] }).parameters ?? [];
    const keyParameter = { $ref: '#/components/parameters/IdempotencyKey' };
    expect(parameters(contract.generateDocument)).toContainEqual(keyParameter);
    expect(parameters(contract.tryoutDocument)).not.toContainEqual(keyParameter);
    expect(doc.components).toMatchObject({
      parameters: { IdempotencyKey: { name: 'Idempotency-Key', in: 'header' } },
    });
  });

  it('declares uploads as multipart/form-data with their parts', () => {
    const parts = (endpoint: contract.Endpoint) =>
      Object.keys(
        operation(endpoint).requestBody!.content['multipart/form-data']!.schema.properties,
      );
    expect(parts(contract.createTemplate)).toEqual(['file', 'templateName', 'templateDescription']);
    expect(parts(contract.replaceTemplatePdf)).toEqual(['file']);
    expect(parts(contract.uploadPicture)).toEqual(['file']);
  });

  it('describes the answers as the server sends them: 202 with a job when asked to respond async, each download with its own type', () => {
    const generate = operation(contract.generateDocument) as unknown as {
      parameters: { $ref?: string }[];
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(generate.parameters).toContainEqual({ $ref: '#/components/parameters/Prefer' });
    expect(generate.responses['202']?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Job',
    });
    const contentTypes = (endpoint: contract.Endpoint) =>
      Object.keys(operation(endpoint).responses['200']?.content ?? {});
    expect(contentTypes(contract.downloadJobResult)).toEqual([
      'application/zip',
      'application/pdf',
    ]);
    expect(contentTypes(contract.downloadAccountExport)).toEqual(['application/zip']);
    expect(contentTypes(contract.downloadTemplatePdf)).toEqual(['application/pdf']);
  });

  it('declares the errors each call answers with, each with its meaning and an example', () => {
    const statuses = (endpoint: contract.Endpoint) => Object.keys(operation(endpoint).responses);
    expect(statuses(contract.generateDocument)).toEqual([
      '200',
      '202',
      '400',
      '401',
      '402',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(statuses(contract.health)).toEqual(['200', '500']);
    expect(statuses(contract.getTemplate)).toEqual([
      '200',
      '400',
      '401',
      '404',
      '414',
      '500',
      '503',
    ]);
    for (const response of Object.values(doc.components.responses)) {
      // Problem details (RFC 9457) only: a generator must not expect application/json.
      expect(Object.keys(response.content)).toEqual(['application/problem+json']);
      const example = response.content['application/problem+json']!.example as Record<
        string,
        unknown
      >;
      expect(typeof example.status).toBe('number');
      expect(typeof example.code).toBe('string');
      expect(typeof example.message).toBe('string');
      expect(example.type).toBe(`https://platen.example/docs/errors#${String(example.code)}`);
      expect(example.detail).toBe(example.message);
      expect(example.instance).toBe(`urn:uuid:${String(example.requestId)}`);
    }
  });

  it('marks the deprecated paging parameters deprecated, and only those', () => {
    const deprecated = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.values(operations).flatMap((operation) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.deprecated)
          .map((parameter) => `${path} ${parameter.name}`),
      ),
    );
    expect(deprecated.sort()).toEqual([
      '/v1/template size',
      '/v1/webhook-endpoints/{id}/deliveries limit',
    ]);
  });

  it("passes Redocly's recommended lint without errors", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const config = resolve(import.meta.dirname, '../../../../redocly.yaml');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--config', config, '--format', 'json'],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; location: { pointer: string }[] }[];
      };
      expect(report.totals.errors).toBe(0);
      // The warnings redocly.yaml accepts, each with its reason there; nothing else.
      expect(
        report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`),
      ).toEqual([
        'info-license #/info',
        'operation-4xx-response #/paths/~1healthz/get/responses',
        'operation-4xx-response #/paths/~1readyz/get/responses',
        'operation-4xx-response #/paths/~1v1~1auth~1csrf/get/responses',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("passes Spectral's spectral:oas ruleset without errors or warnings", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({
      extends: [oas],
      // Every operation has a summary, which is what a description would repeat.
      rules: { 'operation-description': 'off' },
    } as Parameters<Spectral['setRuleset']>[0]);
    const results = await spectral.run(new SpectralDocument(JSON.stringify(doc), Json));
    expect(results.map((result) => `${result.code} ${result.path.join('.')}`)).toEqual([]);
  });

  it('describes every webhook event: its payload, signature and event-id headers', () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Operation }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual(Object.keys(contract.webhookEventData).sort());
    for (const [type, { post }] of Object.entries(webhooks)) {
      const parameters = (post as unknown as { parameters: { name: string; in: string }[] })
        .parameters;
      expect(
        parameters.map((p) => `${p.in} ${p.name}`),
        type,
      ).toEqual(['header Platen-Signature', 'header Platen-Event-Id']);
      const event = post.requestBody!.content['application/json']!.schema;
      expect(Object.keys(event.properties), type).toEqual(['id', 'type', 'created', 'data']);
    }
    const failed = webhooks['job.failed']!.post.requestBody!.content['application/json']!.schema;
    expect(failed.properties.data).toMatchObject({
      properties: { error: { $ref: '#/components/schemas/JobError' } },
    });
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
