import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Db, Tables } from './tables.ts';

export type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; statementTimeoutMs?: number };

export const databaseTarget = (opts: {
  databaseUrl: string | undefined;
  databaseStatementTimeoutMs?: number;
  dataDir: string;
}): DatabaseTarget =>
  opts.databaseUrl
    ? {
        kind: 'postgres',
        url: opts.databaseUrl,
        statementTimeoutMs: opts.databaseStatementTimeoutMs,
      }
    : { kind: 'sqlite', file: join(opts.dataDir, 'platen.db') };

/** Distinct statements kept compiled; the app has a few hundred at most. */
const STATEMENT_CACHE_SIZE = 1000;

/*
 * Kysely's SQLite driver compiles (prepares) every statement again on every call, which cost
 * about a tenth of the main thread under load on the generate route. A statement is reused
 * here by its text; SQLite recompiles it by itself after a schema change. Kysely runs one
 * statement at a time on its single connection, so a statement is never used twice at once.
 */
const withStatementCache = (sqlite: SQLite.Database): SqliteDatabase => {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (source) => {
      let statement = statements.get(source);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
  };
};

const openSqlite = (file: string) => {
  if (file !== ':memory:') mkdirSync(join(file, '..'), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL: readers never block the writer; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: withStatementCache(sqlite) });
};

const postgresPools = new WeakMap<Db, pg.Pool>();

/**
 * How long PostgreSQL lets one statement run before it cancels it (57014, answered 503): a query
 * stuck behind a lock or on an overloaded server frees its connection instead of holding it and
 * its request for ever. `DATABASE_STATEMENT_TIMEOUT_MS` changes it; 0 means no limit.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** How long a query waits for a connection, new or free, before it fails (and answers 503). */
const POOL_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connection the server closes (a restart, `pg_terminate_backend`, a failover) emits 'error' on
 * its client, and an 'error' nobody listens to ends the process. The pool listens only while a
 * client is idle and takes its listener off while the client is lent out, inside a transaction
 * or between Kysely's acquiring it and sending a statement: then the error reached no one. Every
 * client gets a listener of its own for its whole life; the statement it was running rejects by
 * itself, and the pool discards the client on release (it is no longer queryable) and opens a new
 * one for the next statement.
 */
const watchConnections = (pool: pg.Pool, onConnectionLost: (error: Error) => void) => {
  const lost = new WeakSet<pg.PoolClient>();
  const report = (client: pg.PoolClient, error: Error) => {
    // An idle client's error reaches both listeners; say it once per connection.
    if (lost.has(client)) return;
    lost.add(client);
    onConnectionLost(error);
  };
  pool.on('connect', (client) => {
    client.on('error', (error) => report(client, error));
  });
  // The pool re-emits an idle client's error; the client's own listener has reported it already.
  pool.on('error', (error, client) => report(client, error));
};

export const openDatabase = (
  target: DatabaseTarget,
  onConnectionLost: (error: Error) => void = (error) =>
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`),
): Db => {
  if (target.kind === 'sqlite') return new Kysely<Tables>({ dialect: openSqlite(target.file) });
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // A server that does not answer (a failover, a dropped network) is given up on after this
    // long, and the request answered 503, rather than waiting for as long as TCP does.
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    // Sent as a start-up parameter: the session's default, which RESET returns to.
    statement_timeout: target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    keepAlive: true,
  });
  watchConnections(pool, onConnectionLost);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  postgresPools.set(db, pool);
  return db;
};

/** Connections of the PostgreSQL pool by state, for the metrics; empty on SQLite. */
export const databasePoolStats = (db: Db): Record<string, number> => {
  const pool = postgresPools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : {};
};

/**
 * Brings the schema up to date; runs at every start, so a new version migrates itself. On one
 * connection, without the statement timeout: a migration of a large table may take minutes.
 */
export const migrateToLatest = async (db: Db): Promise<void> => {
  const isPostgres = postgresPools.has(db);
  const { error, results } = await db.connection().execute(async (connection) => {
    if (isPostgres) await sql`set statement_timeout = 0`.execute(connection);
    try {
      const migrator = new Migrator({
        db: connection,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      });
      return await migrator.migrateToLatest();
    } finally {
      if (isPostgres) await sql`reset statement_timeout`.execute(connection);
    }
  });
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
};

export const isDatabaseReachable = async (db: Db): Promise<boolean> => {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
};
