import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { makePdf } from '../pdf-fixtures.ts';
import {
  remoteApiKey,
  remoteCall,
  remoteCreateTemplate,
  remoteGenerate,
  remoteSignUp,
} from '../remote.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../server-process.ts';
import { SYSTEM_APP_SECRET } from '../system-server.ts';
import {
  startThrowawayPostgres,
  throwawayPostgresMissing,
  type ThrowawayPostgres,
} from '../throwaway-postgres.ts';

const missing = throwawayPostgresMissing();
if (missing) console.warn(`The PostgreSQL restart test is skipped: ${missing}.`);

/** Generates sent at once, spread over both instances. */
const LOOPS = 20;
/** Documents answered before the restart, and after it, before the load stops. */
const BEFORE = 200;
const AFTER = 300;
/** A bound on the whole load, should the instances stop answering 200 altogether. */
const LOAD_BOUND_MS = 90_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isRunning = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null;

/**
 * `pg_ctl restart -m fast` on the PostgreSQL two server processes share, while generate calls run
 * on both: every connection of the application pools, of the job queue (pg-boss, started by the
 * server) and of the webhook poller is ended, and the server is away for about a second.
 */
describe.runIf(!missing)('a PostgreSQL restart under load on two instances', () => {
  let cluster: ThrowawayPostgres;
  let dataDir: string;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'platen-restart-'));
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      APP_URL: 'http://127.0.0.1',
      APP_SECRET: SYSTEM_APP_SECRET,
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
    };
    // The first migrates the new database; the second finds it migrated.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server, 'SIGKILL')));
    await cluster?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    servers = [];
  });

  it('keeps both serving: only 200 and 503 answers, each 200 counted once', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const account = await remoteSignUp(a);
    const created = await remoteCreateTemplate(b, account.token, 'Invoice', await makePdf());
    expect(created.status, created.body).toBe(200);
    const apiKey = await remoteApiKey(a, account.token, 'Invoice');
    const db = openDatabase({ kind: 'postgres', url: cluster.url });
    try {
      await db.updateTable('plans').set({ monthly_limit: 1_000_000 }).execute();
    } finally {
      await db.destroy();
    }

    const statuses: Record<number, number> = {};
    const other: string[] = [];
    let delivered = 0;
    let running = true;
    const loop = async (l: number) => {
      for (let i = l; running; i += 1) {
        try {
          const res = await remoteGenerate(i % 2 ? a : b, apiKey, 'Invoice');
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200) delivered += 1;
          // An outage answers as problem details with its code, which a client retries on.
          const isUnavailable =
            res.status === 503 &&
            res.headers.get('retry-after') === '2' &&
            res.headers.get('content-type') === 'application/problem+json; charset=utf-8' &&
            res.json<{ code: string; type: string }>().code === 'SERVICE_UNAVAILABLE' &&
            res
              .json<{ code: string; type: string }>()
              .type.endsWith('/docs/errors#SERVICE_UNAVAILABLE');
          if (res.status !== 200 && !isUnavailable) other.push(`${res.status} ${res.body}`);
        } catch (error) {
          other.push(`no answer: ${String(error)}`);
          await pause(100);
        }
      }
    };
    const startedAt = Date.now();
    const until = async (isDone: () => boolean) => {
      while (!isDone() && Date.now() - startedAt < LOAD_BOUND_MS) await pause(50);
    };
    const loops = Promise.all(Array.from({ length: LOOPS }, (_, l) => loop(l)));
    await until(() => delivered >= BEFORE);
    const beforeRestart = delivered;
    await cluster.restart();
    const atRestarted = delivered;
    await until(() => delivered >= atRestarted + AFTER);
    running = false;
    await loops;

    console.info(
      `PostgreSQL restart under ${LOOPS} loops over two instances: ${JSON.stringify(statuses)}; ` +
        `${beforeRestart} documents before the restart, ${atRestarted - beforeRestart} during it, ` +
        `${delivered - atRestarted} after; connections reported lost: ` +
        servers.map((s) => s.output().split('db.connection_lost').length - 1).join(' and '),
    );
    expect(other).toEqual([]);
    expect(servers.every(isRunning)).toBe(true);
    expect(delivered).toBeGreaterThanOrEqual(atRestarted + AFTER);

    // Both still answer, and generate.
    for (const url of [a, b]) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await remoteGenerate(url, apiKey, 'Invoice')).status).toBe(200);
      delivered += 1;
    }
    // Each document answered was counted once; no call that failed stayed counted.
    const subscription = await remoteCall(a, 'GET', '/v1/subscription', { token: account.token });
    expect(subscription.json()).toMatchObject({ pdfsGeneratedThisMonth: delivered });
    const check = openDatabase({ kind: 'postgres', url: cluster.url });
    try {
      const usage = await check.selectFrom('usage_months').select('documents').execute();
      expect(usage.reduce((sum, row) => sum + Number(row.documents), 0)).toBe(delivered);
    } finally {
      await check.destroy();
    }
  }, 180_000);
});
