import * as contract from '@platen/contract';
import type { Endpoint } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { operations } from './operations.ts';

const endpoints = (Object.values(contract) as unknown[]).filter(
  (value): value is Endpoint =>
    typeof value === 'object' && value !== null && 'operationId' in value && 'path' in value,
);

describe("the client's operations", () => {
  it('cover every call of the API that takes the API key', () => {
    const keyCalls = endpoints
      .filter((endpoint) => endpoint.auth === 'apiKey' || endpoint.auth === 'apiKeyOrBearer')
      .map((endpoint) => endpoint.operationId);
    expect(keyCalls.length).toBeGreaterThan(25);
    expect(keyCalls.filter((id) => !(id in operations))).toEqual([]);
  });

  it("send each with the API's method and path", () => {
    const byId = new Map(endpoints.map((endpoint) => [endpoint.operationId, endpoint]));
    for (const [id, [method, path]] of Object.entries(operations)) {
      expect({ id, method, path }).toEqual({
        id,
        method: byId.get(id)?.method,
        path: byId.get(id)?.path,
      });
    }
  });
});
