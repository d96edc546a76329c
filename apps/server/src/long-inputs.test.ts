import { randomUUID } from 'node:crypto';
import * as contract from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_LOOP_DELAY_BOUND_MS, eventLoopDelayOf } from '../test/event-loop.ts';
import { call, signUp, type Account } from '../test/http.ts';
import { makePdf } from '../test/pdf-fixtures.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { apiKeyOf, uploadTemplate } from '../test/templates.ts';

/*
 * security.md §50: no input makes the event loop do super-linear work. Every request below is
 * measured by how long it held the loop (test/event-loop.ts), not by how long it took.
 */

/** Long runs of the characters patterns trip on; 100 KB each, as the body limit allows. */
const RUN_LENGTH = 100_000;
const CHARACTER_CLASSES = ['.', ' ', '"', "'", '[', '(', '<', '{', '1', 'a', '@', '-', '/', '\\'];

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
};

/**
 * How the long run fills a body: every string the whole run (`whole`), or each string as long as
 * the schema lets it be, with the template named, so validation lets the body through to the
 * handler (`fitted`).
 */
const TEMPLATE = 'Long inputs';
/** Left out of a fitted body: the template is named, and its draft is what gets filled. */
const UNFITTED_KEYS = new Set(['templateId', 'version']);

type Filling = { text: string; fitted: boolean };

/** Of a union's options, the one that reaches deepest: objects, then lists, then plain values. */
const DEPTH_ORDER = ['object', 'array', 'number', 'integer', 'boolean', 'string', 'null'];
const depthOf = (schema: JsonSchema) => {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const index = DEPTH_ORDER.indexOf(type ?? (schema.properties ? 'object' : 'string'));
  return index < 0 ? DEPTH_ORDER.length : index;
};
const byDepth = (a: JsonSchema, b: JsonSchema) => depthOf(a) - depthOf(b);

/**
 * A body of the schema's shape where every string is the long run: each property present, arrays
 * of one item, the first option of every union, so the run reaches every validator and handler.
 */
const bodyOf = (
  schema: JsonSchema,
  filling: Filling,
  defs = schema.$defs ?? {},
  key = '',
  depth = 0,
): unknown => {
  const inner = (child: JsonSchema, childKey = key) =>
    bodyOf(child, filling, defs, childKey, depth + 1);
  if (depth > 20) return filling.text;
  if (schema.$ref) return inner(defs[schema.$ref.split('/').pop() ?? ''] ?? {});
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [];
  const option = filling.fitted ? [...options].sort(byDepth)[0] : options[0];
  if (option) return inner(option);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => !(filling.fitted && UNFITTED_KEYS.has(name)))
        .map(([name, value]) => [name, inner(value, name)]),
    );
  }
  if (type === 'array') return [inner(schema.items ?? schema.prefixItems?.[0] ?? {})];
  if (type === 'number' || type === 'integer') {
    return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
  }
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (!filling.fitted) return filling.text;
  if (key === 'templateName') return TEMPLATE;
  if (schema.format === 'uuid') return randomUUID();
  return filling.text.slice(0, schema.maxLength ?? filling.text.length);
};

const isEndpoint = (value: unknown): value is contract.Endpoint =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value;

/** Every call with a JSON body; multipart uploads are the upload fuzz test's (fuzz-uploads). */
const jsonEndpoints = (Object.values(contract) as unknown[])
  .filter(isEndpoint)
  .filter((endpoint) => endpoint.body && !endpoint.consumes);

describe('long inputs and the event loop', () => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    ada = await signUp(app);
    expect(
      (await uploadTemplate(app, ada, { name: TEMPLATE, pdf: await makePdf() })).statusCode,
    ).toBe(200);
    apiKey = await apiKeyOf(app, ada, TEMPLATE);
  });
  afterAll(() => app.dispose());

  let address = 0;
  /** Each call from its own address, so per-address limits never answer in place of the route. */
  const nextIp = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  const send = async (endpoint: contract.Endpoint, body: unknown) => {
    const url = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      name === 'templateName' ? encodeURIComponent(TEMPLATE) : randomUUID(),
    );
    const json = { 'content-type': 'application/json' };
    const credentials =
      endpoint.auth === 'apiKey'
        ? { headers: { ...json, 'x-api-key': apiKey } }
        : { headers: json, token: ada.token };
    // Sent as bytes: the run log records a body's `code` or `password` as a secret to look for
    // in the logs, and these runs are no secrets (a run of quotes is in a logged URL).
    const bytes = Buffer.from(JSON.stringify(body));
    const answer = await call(app, endpoint.method, url, {
      body: bytes,
      ...credentials,
      ip: nextIp(),
    });
    if (endpoint === contract.renameTemplate && answer.statusCode === 200) {
      const { templateName } = answer.json<{ templateName: string }>();
      await call(app, 'POST', `/v1/template/${encodeURIComponent(templateName)}/update/name`, {
        token: ada.token,
        body: { name: TEMPLATE },
      });
    }
    return answer;
  };

  it('checks an e-mail of 128,000 dots between two @ in linear time, and refuses large sign-in bodies unread', async () => {
    const email = `a@${'.'.repeat(128_000)}@`;
    for (const path of ['/v1/auth/login', '/v1/auth/register', '/v1/user/password/reset/request']) {
      const { delayMs, result } = await eventLoopDelayOf(() =>
        call(app, 'POST', path, {
          body: { email, password: 'correct horse', firstName: 'A', lastName: 'B' },
          ip: nextIp(),
        }),
      );
      expect(result.statusCode, `${path}: ${result.body}`).toBe(413);
      expect(delayMs, path).toBeLessThan(EVENT_LOOP_DELAY_BOUND_MS);
    }
    // The largest e-mail a small body holds is still refused for its shape, not its time.
    const { delayMs, result } = await eventLoopDelayOf(() =>
      call(app, 'POST', '/v1/auth/login', {
        body: { email: `a@${'.'.repeat(7_000)}@`, password: 'correct horse' },
        ip: nextIp(),
      }),
    );
    expect(result.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: contract.messages.invalidEmail,
    });
    expect(delayMs).toBeLessThan(EVENT_LOOP_DELAY_BOUND_MS);
  });

  it('costs an SVG stamp with a url( and a long run of spaces in linear time', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect fill="url(${' '.repeat(100_000)}x"/></svg>`;
    const { delayMs, result } = await eventLoopDelayOf(() =>
      call(app, 'PUT', '/v1/template', {
        token: ada.token,
        body: {
          templateName: TEMPLATE,
          inputs: [],
          stamps: [
            {
              page: 1,
              rectX: 10,
              rectY: 10,
              rectWidth: 50,
              rectHeight: 50,
              image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
            },
          ],
        },
      }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(delayMs).toBeLessThan(EVENT_LOOP_DELAY_BOUND_MS);
  });

  it.each(CHARACTER_CLASSES)(
    'holds the loop briefly on every JSON call when each string is 100 KB of %j',
    { timeout: 120_000 },
    async (character) => {
      const run = character.repeat(RUN_LENGTH);
      const slow: string[] = [];
      for (const endpoint of jsonEndpoints) {
        const schema = z.toJSONSchema(endpoint.body as z.ZodType, {
          io: 'input',
          unrepresentable: 'any',
        }) as JsonSchema;
        // One long run per string, and once as a value that starts like what it should be.
        const fillings = [run, `a@${run}@`].flatMap((text) => [
          { text, fitted: false },
          { text, fitted: true },
        ]);
        for (const filling of fillings) {
          const { delayMs, result } = await eventLoopDelayOf(() =>
            send(endpoint, bodyOf(schema, filling)),
          );
          expect(
            result.statusCode,
            `${endpoint.operationId}: ${result.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          (await import('node:fs')).appendFileSync(
            '/tmp/fuzz.log',
            [
              endpoint.operationId,
              filling.fitted,
              filling.text.length,
              result.statusCode,
              result.body.slice(0, 150),
              Math.round(delayMs),
            ].join(' ') + '\n',
          );
          if (delayMs > EVENT_LOOP_DELAY_BOUND_MS)
            slow.push(`${endpoint.operationId} ${Math.round(delayMs)} ms`);
        }
      }
      expect(slow).toEqual([]);
    },
  );
});
