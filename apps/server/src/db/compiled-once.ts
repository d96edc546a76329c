import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './tables.ts';

/** A parameter's stand-in while the statement is compiled; never a value a caller sends. */
const placeholder = (index: number) => `\u0000platen-parameter-${index}\u0000`;

/**
 * A statement Kysely builds and compiles once per database, then runs with new string
 * parameters. On a hot route, building and compiling a query with subqueries cost more of the
 * main thread than SQLite needed to run it. `build` must have one shape whatever the values
 * (no branching on them): it is called once, with stand-ins, and each stand-in must end up a
 * bound parameter (checked), never inlined into the SQL text.
 *
 * @example
 * const byEmail = compiledOnce((db, email: string) =>
 *   db.selectFrom('users').select('id').where('email', '=', email));
 * const rows = (await db.executeQuery(byEmail(db, 'a@example.com'))).rows;
 */
export const compiledOnce = <Args extends string[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
) => {
  const compiled = new WeakMap<Db, { query: CompiledQuery<Row>; slots: number[] }>();
  const compile = (db: Db) => {
    const stands = Array.from({ length: build.length - 1 }, (_, i) => placeholder(i)) as Args;
    const query = build(db, ...stands).compile();
    if (stands.some((stand) => query.sql.includes(stand))) {
      throw new Error(`compiledOnce: a parameter was inlined into ${query.sql}`);
    }
    const slots = query.parameters.map((value) => stands.indexOf(value as string));
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  };
  return (db: Db, ...args: Args): CompiledQuery<Row> => {
    const { query, slots } = compiled.get(db) ?? compile(db);
    const parameters = query.parameters.map((value, i) =>
      slots[i]! >= 0 ? args[slots[i]!] : value,
    );
    return { ...query, parameters };
  };
};
