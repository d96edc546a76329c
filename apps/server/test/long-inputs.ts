import { randomUUID } from 'node:crypto';
import * as contract from '@platen/contract';
import { z } from 'zod';
import { call, signUp, type Account } from './http.ts';
import { makePdf } from './pdf-fixtures.ts';
import type { TestApp } from './test-app.ts';
import { apiKeyOf, uploadTemplate } from './templates.ts';

/*
 * Long inputs for every JSON call of the contract (security.md §50): 100 KB runs of the
 * characters patterns trip on, put in every string of a body. The server suite checks each is
 * answered without a fault (long-inputs.test.ts); bench/security/long-inputs.ts measures how
 * long each held the event loop.
 */

/** Long runs of the characters patterns trip on; 100 KB each, as the body limit allows. */
const RUN_LENGTH = 100_000;
export const CHARACTER_CLASSES = [
  '.',
  ' ',
  '"',
  "'",
  '[',
  '(',
  '<',
  '{',
  '1',
  'a',
  '@',
  '-',
  '/',
  '\\',
];

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

/** Every long-input call: each JSON endpoint, each filling of the run, the body to send. */
export const longInputCalls = function* (character: string) {
  const run = character.repeat(RUN_LENGTH);
  for (const endpoint of jsonEndpoints) {
    const schema = z.toJSONSchema(endpoint.body as z.ZodType, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    // One long run per string, and once as a value that starts like what it should be.
    for (const text of [run, `a@${run}@`]) {
      for (const fitted of [false, true]) {
        yield { endpoint, fitted, body: bodyOf(schema, { text, fitted }) };
      }
    }
  }
};

/**
 * An account with the template the fitted bodies name, and a sender of long-input calls on its
 * behalf: the API key for key calls, the session for the rest.
 */
export const longInputClient = async (app: TestApp) => {
  const ada: Account = await signUp(app);
  const uploaded = await uploadTemplate(app, ada, { name: TEMPLATE, pdf: await makePdf() });
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.body}`);
  const apiKey = await apiKeyOf(app, ada, TEMPLATE);

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

  return { ada, nextIp, send };
};

type LongInputClient = Awaited<ReturnType<typeof longInputClient>>;

/** A 7,000-dot e-mail fits a small body; 128,000 dots do not. */
const dottedEmail = (dots: number) => `a@${'.'.repeat(dots)}@`;

/**
 * The long inputs that once froze servers like ours, by name, each with the answer it gets: an
 * e-mail of dots between two @ (a classic e-mail pattern's trap) where sign-in bodies are read,
 * and an SVG stamp whose `url(` is followed by a long run of spaces.
 */
export const namedLongInputs = ({ ada, nextIp }: LongInputClient, app: TestApp) => {
  const signIn = (path: string, dots: number) => () =>
    call(app, 'POST', path, {
      body: { email: dottedEmail(dots), password: 'correct horse', firstName: 'A', lastName: 'B' },
      ip: nextIp(),
    });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect fill="url(${' '.repeat(100_000)}x"/></svg>`;
  const stamp = {
    page: 1,
    rectX: 10,
    rectY: 10,
    rectWidth: 50,
    rectHeight: 50,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
  return [
    ...['/v1/auth/login', '/v1/auth/register', '/v1/user/password/reset/request'].map((path) => ({
      name: `${path}, an e-mail of 128,000 dots`,
      status: 413,
      send: signIn(path, 128_000),
    })),
    {
      name: '/v1/auth/login, an e-mail of 7,000 dots',
      status: 400,
      send: signIn('/v1/auth/login', 7_000),
    },
    {
      name: 'an SVG stamp with url( and 100,000 spaces',
      status: 200,
      send: () =>
        call(app, 'PUT', '/v1/template', {
          token: ada.token,
          body: { templateName: TEMPLATE, inputs: [], stamps: [stamp] },
        }),
    },
  ];
};
