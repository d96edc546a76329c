import { join } from 'node:path';
import type { ErrorResponse } from '@platen/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, signUp, type Account } from '../../test/http.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  invoiceApiKey,
  saveFields,
  textField,
  uploadTemplate,
} from '../../test/templates.ts';
import { isDatabaseUnavailable } from './errors.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.warn('TEST_DATABASE_URL is not set: the PostgreSQL outage tests are skipped.');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The problem details members that are the same for every answer of one code. */
const pick = ({ type, title, status, code }: ErrorResponse) => ({ type, title, status, code });

/**
 * What a database restart does to the app's connections, done from a connection of its own to the
 * app's database: every other backend of that database is ended with 57P01, as `pg_ctl restart -m
 * fast` ends them.
 */
const terminator = async (databaseUrl: string) => {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  return {
    terminateAll: async () => {
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      return rows.filter((row) => row.ended).length;
    },
    close: () => admin.end(),
  };
};

/** Errors that reached no listener or handler in this process while the test ran. */
const uncaughtErrors = () => {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    seen,
    stop: () => {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
};

describe.runIf(hasPostgres)('the app when PostgreSQL ends its connections', () => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let admin: Awaited<ReturnType<typeof terminator>>;
  let uncaught: ReturnType<typeof uncaughtErrors>;
  const lost: Error[] = [];

  beforeAll(async () => {
    app = await buildTestApp('postgres');
    ada = await signUp(app);
    const uploaded = await uploadTemplate(app, ada, { name: 'Invoice', pdf: await makePdf() });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await saveFields(app, ada, 'Invoice', [textField('Name')]);
    apiKey = await apiKeyOf(app, ada, 'Invoice');
    // The job queue's connections (pg-boss: its pool and its polling) are ended too.
    await app.jobs.startWorking();
    admin = await terminator(app.deps.config.databaseUrl ?? '');
  });
  afterAll(async () => {
    await admin?.close();
    await app?.dispose();
  });
  beforeEach(() => {
    uncaught = uncaughtErrors();
    lost.length = 0;
  });
  afterEach(() => uncaught.stop());

  it('survives the end of idle connections and opens new ones for the next query', async () => {
    await Promise.all(
      Array.from({ length: 5 }, () => sql`select pg_sleep(0.01)`.execute(app.deps.db)),
    );
    expect(await admin.terminateAll()).toBeGreaterThan(0);
    // The ends arrive on the sockets a moment later: let them.
    await pause(200);
    expect((await sql<{ one: number }>`select 1 as one`.execute(app.deps.db)).rows).toEqual([
      { one: 1 },
    ]);
    expect(uncaught.seen).toEqual([]);
  });

  it('fails a transaction whose connection ends between statements as unavailable, and goes on', async () => {
    const failure = await app.deps.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // The client is lent out and idle in the transaction: the pool does not listen to it.
        await admin.terminateAll();
        await pause(200);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await sql`select 1`.execute(app.deps.db);
    expect(uncaught.seen).toEqual([]);
  });

  it('fails a statement whose connection ends while it runs as unavailable', async () => {
    const running = sql`select pg_sleep(5)`.execute(app.deps.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    await pause(100);
    await admin.terminateAll();
    const failure = await running;
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await pause(200);
    expect(uncaught.seen).toEqual([]);
  });

  it('answers 503 with Retry-After, never 500, while connections are ended under load, then 200 again', async () => {
    const answers: {
      status: number;
      retryAfter?: string;
      contentType?: string;
      problem?: Partial<ErrorResponse>;
    }[] = [];
    let running = true;
    const loop = async () => {
      while (running) {
        const res = await generate(app, apiKey, { templateName: 'Invoice', fields: { Name: 'A' } });
        answers.push({
          status: res.statusCode,
          ...(res.statusCode !== 200 && {
            retryAfter: res.headers['retry-after'],
            contentType: res.headers['content-type'],
            problem: pick(res.json<ErrorResponse>()),
          }),
        });
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    // End every connection over and over until some request was caught by it (at most 40 times).
    let ended = 0;
    for (let i = 0; i < 40 && !answers.some((a) => a.status === 503); i += 1) {
      await pause(50);
      await admin.terminateAll();
      ended += 1;
    }
    running = false;
    await Promise.all(loops);

    const unavailable = answers.filter((a) => a.status !== 200);
    console.info(
      `Connections ended ${String(ended)} times under 8 loops: ${answers.length - unavailable.length} × 200, ${unavailable.length} × 503`,
    );
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer).toEqual({
        status: 503,
        retryAfter: '2',
        contentType: 'application/problem+json; charset=utf-8',
        problem: {
          type: 'https://platen.example/docs/errors#SERVICE_UNAVAILABLE',
          title: 'Service unavailable',
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
        },
      });
    }
    // The last ends reach the idle connections' sockets a moment after the loops stopped.
    await pause(200);
    const after = await generate(app, apiKey, { templateName: 'Invoice', fields: { Name: 'B' } });
    expect(after.statusCode, after.body).toBe(200);
    expect(uncaught.seen).toEqual([]);
  });
});

describe('the app when SQLite stays locked past its busy timeout', () => {
  let app: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    app = await buildTestApp('sqlite');
    apiKey = await invoiceApiKey(app);
  });
  afterAll(() => app.dispose());

  it('answers a write with 503 and Retry-After, then 200 once the lock is gone', async () => {
    // Another process holding the write lock (a backup, a long migration by hand).
    const other = new SQLite(join(app.deps.config.dataDir, 'platen.db'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await generate(app, apiKey, { templateName: 'Invoice', fields: {} });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(errorBody(res)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await generate(app, apiKey, { templateName: 'Invoice', fields: {} })).statusCode).toBe(
      200,
    );
  });
});

describe.runIf(hasPostgres)('the app when a PostgreSQL statement waits past its timeout', () => {
  let app: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    app = await buildTestApp('postgres', { databaseStatementTimeoutMs: 500 });
    apiKey = await invoiceApiKey(app);
  });
  afterAll(() => app.dispose());

  it('cancels it, answers 503 with Retry-After, then 200 once the lock is gone', async () => {
    // Another session holding a lock on the templates (an operator's statement, a long migration).
    const other = new pg.Client({ connectionString: app.deps.config.databaseUrl });
    await other.connect();
    await other.query('BEGIN');
    await other.query('LOCK TABLE templates IN ACCESS EXCLUSIVE MODE');
    try {
      const res = await generate(app, apiKey, { templateName: 'Invoice', fields: {} });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(errorBody(res)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
    expect((await generate(app, apiKey, { templateName: 'Invoice', fields: {} })).statusCode).toBe(
      200,
    );
  });
});
