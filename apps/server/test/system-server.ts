import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, openDatabase } from '../src/db/database.ts';
import { PDF_WORKER_MEMORY_MB } from '../src/pdf-pool/pdf-pool.ts';
import { PDF_TASK_BUFFER_MB } from '../src/pdf-pool/pdf-tasks.ts';
import {
  startServerProcess,
  stopServerProcess,
  type ServerEntry,
  type ServerProcess,
} from './server-process.ts';
import { createPostgresDatabase, type TestDatabase } from './test-app.ts';

/** The main thread's share of a server's memory: requests, sharp, the database, the fill engine. */
const MAIN_THREAD_BUDGET_MB = 512;

/**
 * The process memory cap of one server (main thread plus its PDF workers), as peak resident
 * memory (VmHWM): hostile and fuzzed uploads must stay under it. Derived from the limits the
 * server sets itself, not from a measurement: each worker's heap cap and buffer budget, for every
 * worker plus one being replaced (a stopped worker's memory is given back only when it has been
 * collected, and a busy machine delays that). See docs/reliability.md.
 */
export const SERVER_MEMORY_CAP_MB =
  MAIN_THREAD_BUDGET_MB +
  (availableParallelism() + 1) * (PDF_WORKER_MEMORY_MB + PDF_TASK_BUFFER_MB);

export const SYSTEM_APP_SECRET = 'system-test-secret-long-enough-for-hkdf-0123456789';

/**
 * Where a server process keeps its data: a temporary DATA_DIR, plus a new PostgreSQL database
 * when asked for. Several server processes (or one, restarted) can share it.
 */
export type SystemData = {
  database: TestDatabase;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The environment every server process on this data gets. */
  env: (extra?: Record<string, string>) => Record<string, string>;
  /** A server process on this data, from the sources unless `entry` says compiled. */
  start: (extra?: Record<string, string>, entry?: ServerEntry) => Promise<ServerProcess>;
  /** A direct connection, for checks and set-up a client cannot make (vouchers, plan limits). */
  openDb: () => ReturnType<typeof openDatabase>;
  dispose: () => Promise<void>;
};

export const createSystemData = async (database: TestDatabase): Promise<SystemData> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-system-'));
  const postgres =
    database === 'postgres'
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '')
      : undefined;
  const env = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    APP_URL: 'http://127.0.0.1',
    APP_SECRET: SYSTEM_APP_SECRET,
    DATA_DIR: dataDir,
    MAX_UPLOAD_MB: '20',
    ...(postgres && { DATABASE_URL: postgres.url }),
    ...extra,
  });
  const started: ServerProcess[] = [];
  return {
    database,
    dataDir,
    databaseUrl: postgres?.url,
    env,
    start: async (extra, entry) => {
      const server = await startServerProcess(env(extra), entry);
      started.push(server);
      return server;
    },
    openDb: () => openDatabase(databaseTarget({ databaseUrl: postgres?.url, dataDir })),
    dispose: async () => {
      await Promise.all(started.map((server) => stopServerProcess(server, 'SIGKILL')));
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Calls an authenticated, database-backed endpoint over and over while `work` runs: every call
 * must be answered 200, which shows a hostile upload never stops the server serving others.
 */
export const whileServingOthers = async <T>(
  baseUrl: string,
  token: string,
  work: () => Promise<T>,
) => {
  const answers = { ok: 0, failed: [] as string[] };
  let running = true;
  const heartbeat = (async () => {
    while (running) {
      try {
        const res = await fetch(`${baseUrl}/v1/user/profile`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status === 200) answers.ok += 1;
        else answers.failed.push(`HTTP ${res.status}`);
      } catch (error) {
        answers.failed.push(String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), answers };
  } finally {
    running = false;
    await heartbeat;
  }
};
