import * as contract from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHARACTER_CLASSES,
  longInputCalls,
  longInputClient,
  namedLongInputs,
} from '../test/long-inputs.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * security.md §50: no input makes the server fail or do super-linear work. Here every long input
 * must get its answer (a refusal or the work done, never a fault); how long each held the event
 * loop is measured by bench/security/long-inputs.ts, and the patterns that could backtrack are
 * refused by the linter (regexp/no-super-linear-backtracking).
 */
describe('long inputs', () => {
  let app: TestApp;
  let client: Awaited<ReturnType<typeof longInputClient>>;

  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    client = await longInputClient(app);
  });
  afterAll(() => app.dispose());

  it('refuses large sign-in bodies unread, an e-mail of dots for its shape, and costs an SVG stamp', async () => {
    for (const { name, status, send } of namedLongInputs(client, app)) {
      const answer = await send();
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(status);
      if (status === 400) {
        expect(answer.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: contract.messages.invalidEmail,
        });
      }
    }
  });

  it.each(CHARACTER_CLASSES)(
    'answers every JSON call without a fault when each string is 100 KB of %j',
    { timeout: 120_000 },
    async (character) => {
      const faults: string[] = [];
      for (const { endpoint, body } of longInputCalls(character)) {
        const answer = await client.send(endpoint, body);
        if (answer.statusCode >= 500) {
          faults.push(`${endpoint.operationId} ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
        }
      }
      expect(faults).toEqual([]);
    },
  );
});
