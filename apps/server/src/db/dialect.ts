import { type Kysely, SqliteAdapter } from 'kysely';

/** For the few column types that differ between the two databases (binary data, sequences). */
export const isSqlite = (db: Kysely<unknown>): boolean =>
  db.getExecutor().adapter instanceof SqliteAdapter;

export const binaryType = (db: Kysely<unknown>) => (isSqlite(db) ? 'blob' : 'bytea');
