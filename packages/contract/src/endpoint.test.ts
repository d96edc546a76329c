import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';
import type { Endpoint } from './endpoint.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

const endpoints = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [[name, value] as const] : [],
);

/**
 * Answer fields that are credentials: tokens, keys, webhook signing secrets, and URLs that may
 * carry a token (provider pages, webhook endpoints).
 */
const SECRET_FIELDS = ['token', 'refreshToken', 'csrfToken', 'apiKey', 'secret', 'url'];

const secretFieldsOf = (schema: z.ZodType) =>
  schema instanceof z.ZodObject
    ? Object.keys(schema.shape).filter((key) => SECRET_FIELDS.includes(key))
    : [];

describe('endpoint descriptors', () => {
  it('finds the endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it.each(endpoints.filter(([, endpoint]) => secretFieldsOf(endpoint.response).length > 0))(
    '%s answers a credential, so it is marked noStore',
    (_name, endpoint) => {
      expect(endpoint.noStore).toBe(true);
    },
  );
});
