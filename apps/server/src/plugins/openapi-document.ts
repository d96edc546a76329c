import type { Endpoint, ErrorStatus } from '@platen/contract';
import { problemDetails } from '../lib/problem-details.ts';
import { jsonSchemaOf } from './openapi-json-schema.ts';
import { errorMeanings, headers, type HeaderName } from './openapi-meanings.ts';
import { tags } from './openapi-tags.ts';
import { webhookOperations } from './openapi-webhooks.ts';

/**
 * What the API document says beyond the validation schemas, derived from the contract's endpoint
 * descriptors so that it cannot drift from the routes: each operation's name and credentials (the
 * XSRF double-submit included), file answers and uploads, the headers of its answers, and the
 * errors it can answer with and what they mean.
 */

type JsonObject = Record<string, unknown>;
type Operation = JsonObject & { responses?: Record<string, JsonObject> };
export type OpenApiDocument = JsonObject & {
  info: JsonObject & { title: string; version: string };
  paths?: Record<string, Record<string, Operation>>;
  servers?: { url: string }[];
  components?: JsonObject & { schemas?: Record<string, unknown> };
};

const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of `POST /v1/auth/login`, valid for 15 minutes.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: "The account's API key, shown in the app's Api tab and settings.",
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'Double-submit protection: every call that is not a GET, except the API-key and webhook calls, echoes the `XSRF-TOKEN` cookie in this header. `GET /v1/auth/csrf` (or any answer, when the cookie is missing) sets the cookie.',
  },
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'XSRF-TOKEN',
    description: 'The cookie the `X-XSRF-TOKEN` header must match; send it back as received.',
  },
};

/** The request header of calls marked `idempotent`. */
const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: 1 to 255 printable ASCII characters, unique per request (a UUID). Within 24 hours the same key with the same body gets the first successful answer again, marked `Idempotent-Replayed: true`, and is not counted again; with another body, or on generate with and without `Prefer: respond-async`, it is refused (422 `IDEMPOTENCY_KEY_REUSED`), and while the first call still runs it is refused (409 `IDEMPOTENCY_IN_PROGRESS`). Failed answers are not kept, so a failed call may be retried with the same key. Keys belong to the account and the endpoint.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

const headerRef = (name: HeaderName) => ({
  $ref: `#/components/headers/${headers[name].component}`,
});

const headerRefs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, headerRef(name)]));

const errorStatusesOf = (endpoint: Endpoint): (ErrorStatus | 500)[] => {
  const hasInput = Boolean(endpoint.params ?? endpoint.query ?? endpoint.body ?? endpoint.upload);
  const hasBody = Boolean(endpoint.body ?? endpoint.upload);
  const statuses = new Set<ErrorStatus | 500>([
    ...(hasInput ? [400 as const] : []),
    ...(endpoint.auth === 'none' ? [] : [401 as const]),
    ...(needsXsrf(endpoint) ? [403 as const] : []),
    ...(hasBody ? [413 as const, 415 as const] : []),
    ...(endpoint.params ? [414 as const] : []),
    ...(endpoint.errors ?? []),
    ...(endpoint.database === false ? [] : [503 as const]),
    500,
  ]);
  return [...statuses].sort((a, b) => a - b);
};

const needsXsrf = (endpoint: Endpoint) => endpoint.method !== 'GET' && endpoint.csrf !== false;

const securityOf = (endpoint: Endpoint) => {
  const requirement = {
    ...(endpoint.auth === 'bearer' && { bearer: [] }),
    ...(endpoint.auth === 'apiKey' && { apiKey: [] }),
    ...(needsXsrf(endpoint) && { xsrfHeader: [], xsrfCookie: [] }),
  };
  // Either credential: the API key alone, or the session (with the XSRF header when it changes).
  if (endpoint.auth === 'apiKeyOrBearer') {
    const session = { bearer: [], ...(needsXsrf(endpoint) && { xsrfHeader: [], xsrfCookie: [] }) };
    return [{ apiKey: [] }, session];
  }
  return Object.keys(requirement).length > 0 ? [requirement] : [];
};

/** A zod schema as an OpenAPI 3.1 schema object (JSON Schema without its `$schema` line). */
const successResponse = (endpoint: Endpoint, generated: JsonObject | undefined) => {
  const description =
    typeof generated?.description === 'string' && generated.description !== 'Default Response'
      ? generated.description
      : endpoint.summary;
  const fileTypes = typeof endpoint.produces === 'string' ? [endpoint.produces] : endpoint.produces;
  const content = fileTypes
    ? Object.fromEntries(
        fileTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      )
    : generated?.content;
  return {
    description,
    headers: headerRefs(['x-request-id', ...(endpoint.headers ?? [])]),
    ...(content ? { content } : {}),
  };
};

/** `Prefer: respond-async` on a call that can answer 202 with a job (`respondAsync`). */
const preferParameter = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    '`respond-async`: answer at once with 202 and a job (one item, merged output) instead of waiting for the document; the answer says `Preference-Applied: respond-async`. Not in test mode, which always answers the document.',
  schema: { type: 'string', enum: ['respond-async'] },
};

/** The answer of a call made with `Prefer: respond-async`. */
const acceptedResponse = {
  description:
    'Accepted (asked with `Prefer: respond-async`): the document is made as a job. `Location` is the job, `GET /v1/jobs/{id}` its status, and the `job.succeeded` webhook says when its PDF (`results/merged`) is ready.',
  headers: {
    ...headerRefs(['x-request-id']),
    Location: { description: 'The job: `/v1/jobs/{id}`.', schema: { type: 'string' } },
    'Preference-Applied': { description: '`respond-async`.', schema: { type: 'string' } },
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
};

/**
 * A query parameter whose schema says `deprecated` (`.meta({ deprecated: true })`) is marked so
 * itself, where OpenAPI's readers and generators look for it.
 */
const liftDeprecated = (parameter: unknown): unknown => {
  if (typeof parameter !== 'object' || parameter === null || !('schema' in parameter)) {
    return parameter;
  }
  const { schema } = parameter;
  const isDeprecated =
    typeof schema === 'object' && schema !== null && 'deprecated' in schema && schema.deprecated;
  return isDeprecated ? { ...parameter, deprecated: true } : parameter;
};

const parametersOf = (operation: Operation): unknown[] =>
  Array.isArray(operation.parameters)
    ? (operation.parameters as unknown[]).map(liftDeprecated)
    : [];

const describeOperation = (operation: Operation, endpoint: Endpoint): Operation => ({
  operationId: endpoint.operationId,
  ...operation,
  ...(Array.isArray(operation.parameters) && { parameters: parametersOf(operation) }),
  security: securityOf(endpoint),
  ...((endpoint.idempotent || endpoint.respondAsync) && {
    parameters: [
      ...parametersOf(operation),
      ...(endpoint.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ...(endpoint.respondAsync ? [{ $ref: '#/components/parameters/Prefer' }] : []),
    ],
  }),
  ...(endpoint.upload && {
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: jsonSchemaOf(endpoint.upload) } },
    },
  }),
  responses: {
    [endpoint.status ?? 200]: successResponse(
      endpoint,
      operation.responses?.[String(endpoint.status ?? 200)],
    ),
    ...(endpoint.respondAsync && { 202: acceptedResponse }),
    ...Object.fromEntries(
      errorStatusesOf(endpoint).map((status) => [
        status,
        { $ref: `#/components/responses/${errorMeanings[status].component}` },
      ]),
    ),
  },
});

// A request id of the form the server makes, for the examples of error answers.
const EXAMPLE_REQUEST_ID = '6f1c2b9e-8d4a-4c1e-9f3a-2b7d5e0a1c4f';

const errorResponses = (appUrl: string) =>
  Object.fromEntries(
    Object.entries(errorMeanings).map(([status, meaning]) => [
      meaning.component,
      {
        description: meaning.description,
        headers: headerRefs(['x-request-id', ...(meaning.headers ?? [])]),
        content: {
          'application/problem+json': {
            schema: { $ref: '#/components/schemas/Error' },
            example: problemDetails(
              { status: Number(status), ...meaning.example },
              EXAMPLE_REQUEST_ID,
              appUrl,
            ),
          },
        },
      },
    ]),
  );

const headerComponents = () =>
  Object.fromEntries(
    Object.values(headers).map(({ component, description, type }) => [
      component,
      { description, schema: { type } },
    ]),
  );

/** Every `$ref` target reachable from the paths, so unused generated schemas can be left out. */
const referencedSchemas = (document: OpenApiDocument): Set<string> => {
  const schemas = document.components?.schemas ?? {};
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = child.match(/^#\/components\/schemas\/(.+)$/)?.[1];
        if (name && !found.has(name)) {
          found.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(child);
      }
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  visit({ ...document.components, schemas: undefined });
  return found;
};

/**
 * Completes the generated document: operations described from their endpoints, shared headers,
 * error answers and security schemes as components, and only the schemas something refers to.
 */
export const describeApi = (
  document: OpenApiDocument,
  endpoints: readonly Endpoint[],
): OpenApiDocument => {
  const byRoute = new Map(
    endpoints.map((endpoint) => [
      `${endpoint.method.toLowerCase()} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
      endpoint,
    ]),
  );
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const endpoint = byRoute.get(`${method} ${path}`);
          return [method, endpoint ? describeOperation(operation, endpoint) : operation];
        }),
      ),
    ]),
  );
  const described: OpenApiDocument = {
    ...document,
    tags,
    paths,
    webhooks: webhookOperations(),
    components: {
      ...document.components,
      securitySchemes,
      parameters: { IdempotencyKey: idempotencyKeyParameter, Prefer: preferParameter },
      headers: headerComponents(),
      responses: errorResponses(document.servers?.[0]?.url ?? ''),
    },
  };
  const used = referencedSchemas(described);
  const schemas = Object.fromEntries(
    Object.entries(described.components?.schemas ?? {}).filter(([name]) => used.has(name)),
  );
  return { ...described, components: { ...described.components, schemas } };
};
