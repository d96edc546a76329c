import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index.ts';
import type { Endpoint } from './endpoint.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

const endpoints = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [[name, value] as const] : [],
);

/**
 * Answer fields that are credentials: tokens, keys, webhook signing secrets, URLs that may carry a
 * token (provider pages, webhook endpoints) and signed links, which work without credentials (a
 * job's results, an account export's download). Looked for at any depth of the answer.
 */
const SECRET_FIELDS = [
  'token',
  'refreshToken',
  'csrfToken',
  'apiKey',
  'secret',
  'url',
  'signedUrl',
];

/** The paths of the secret fields in an answer schema, through objects, arrays and wrappers. */
const secretFieldsOf = (schema: z.ZodType, path = ''): string[] => {
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => [
        ...(SECRET_FIELDS.includes(key) ? [`${path}${key}`] : []),
        ...secretFieldsOf(field, `${path}${key}.`),
      ]);
    case 'array':
      return secretFieldsOf(def.element as z.ZodType, `${path}[].`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return secretFieldsOf(def.innerType as z.ZodType, path);
    case 'pipe':
      return secretFieldsOf(def.out as z.ZodType, path);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => secretFieldsOf(option, path));
    default:
      return [];
  }
};

describe('endpoint descriptors', () => {
  it('finds the endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it('finds signed links nested in an answer', () => {
    expect(secretFieldsOf(contract.getJob.response)).toContain('results.[].signedUrl');
    expect(secretFieldsOf(contract.getAccountExport.response)).toContain('download.url');
  });

  it.each(
    endpoints.flatMap(([name, endpoint]) => {
      const fields = secretFieldsOf(endpoint.response);
      return fields.length > 0 ? [[name, fields.join(', '), endpoint] as const] : [];
    }),
  )('%s answers a credential (%s), so it is marked noStore', (_name, _fields, endpoint) => {
    expect(endpoint.noStore).toBe(true);
  });
});
