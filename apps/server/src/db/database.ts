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

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export const databaseTarget = (opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget =>
  opts.databaseUrl
    ? { kind: 'postgres', url: opts.databaseUrl }
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

export const openDatabase = (
  target: DatabaseTarget,
  onConnectionLost: (error: Error) => void = (error) =>
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`),
): Db => {
  if (target.kind === 'sqlite') return new Kysely<Tables>({ dialect: openSqlite(target.file) });
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle connection that the server closes (restart, failover) must not crash the process: the
  // pool drops it and opens a new one on the next query.
  pool.on('error', onConnectionLost);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  postgresPools.set(db, pool);
  return db;
};

/** Connections of the PostgreSQL pool by state, for the metrics; empty on SQLite. */
export const databasePoolStats = (db: Db): Record<string, number> => {
  const pool = postgresPools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : {};
};

/** Brings the schema up to date; runs at every start, so a new version migrates itself. */
export const migrateToLatest = async (db: Db): Promise<void> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
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
