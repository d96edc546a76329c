/**
 * How long each long input held the server's event loop (security.md §50):
 *   node --import tsx bench/security/long-inputs.ts
 * Every JSON call of the contract with each string a 100 KB run of one of 14 characters, and the
 * named inputs that once froze servers like ours (apps/server/test/long-inputs.ts), sent to an
 * in-process app on SQLite. Prints the ten longest holds and exits 1 when one passed the bound:
 * a request that holds the loop for long holds every account's requests with it.
 */
import { buildTestApp } from '../../apps/server/test/test-app.ts';
import {
  CHARACTER_CLASSES,
  longInputCalls,
  longInputClient,
  namedLongInputs,
} from '../../apps/server/test/long-inputs.ts';
import { EVENT_LOOP_DELAY_BOUND_MS, eventLoopDelayOf } from './event-loop.ts';

const app = await buildTestApp('sqlite');
try {
  const client = await longInputClient(app);
  const holds: { name: string; ms: number }[] = [];
  for (const { name, send } of namedLongInputs(client, app)) {
    holds.push({ name, ms: (await eventLoopDelayOf(send)).delayMs });
  }
  for (const character of CHARACTER_CLASSES) {
    for (const { endpoint, fitted, body } of longInputCalls(character)) {
      const { delayMs } = await eventLoopDelayOf(() => client.send(endpoint, body));
      const name = `${endpoint.operationId}, 100 KB of ${JSON.stringify(character)}${fitted ? ', fitted' : ''}`;
      holds.push({ name, ms: delayMs });
    }
  }
  holds.sort((a, b) => b.ms - a.ms);
  console.log(`${holds.length} long inputs; the longest holds of the event loop:`);
  for (const { name, ms } of holds.slice(0, 10)) console.log(`${Math.round(ms)} ms  ${name}`);
  const over = holds.filter(({ ms }) => ms > EVENT_LOOP_DELAY_BOUND_MS);
  if (over.length > 0) {
    console.log(`${over.length} over the bound of ${EVENT_LOOP_DELAY_BOUND_MS} ms`);
    process.exitCode = 1;
  }
} finally {
  await app.dispose();
}
