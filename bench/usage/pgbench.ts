/**
 * The count's statement alone, from pgbench (PostgreSQL's own load client, written in C): on a
 * small shared machine the Node loops of run.ts spend the CPU that PostgreSQL would need, which
 * hides how much the row lock of one account costs. The statement is the one the meter's reserve
 * sends, caught from Kysely's query log, with its values written in and the account picked per
 * transaction by pgbench.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Tables } from '../../apps/server/src/db/tables.ts';
import type { Deps } from '../../apps/server/src/deps.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { reserve } from '../../apps/server/src/modules/billing/index.ts';

const run = promisify(execFile);

/** Whether pgbench is on this machine (Debian: postgresql-client). */
export const hasPgbench = async () =>
  run('pgbench', ['--version']).then(
    () => true,
    () => false,
  );

/** The statement(s) one reserve of one document sends for `userId`. */
export const captureCountStatements = async (url: string, userId: string, log: Deps['log']) => {
  const sent: Pick<CompiledQuery, 'sql' | 'parameters'>[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  const deps = { db, log, clock: systemClock, payments: undefined } as unknown as Deps;
  await reserve(deps, userId, 1, () => 'refused');
  await db.destroy();
  return sent;
};

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * A pgbench script of the statements, the account's id written as `<accountPrefix>:n` with
 * `:n` drawn from 1..accounts per transaction.
 */
const pgbenchScript = (
  statements: Pick<CompiledQuery, 'sql' | 'parameters'>[],
  userId: string,
  accountPrefix: string,
  accounts: number,
) => {
  const lines = [`\\set n random(1, ${accounts})`];
  for (const { sql, parameters } of statements) {
    // From the highest number down, so that $1 does not eat the start of $10.
    let text = sql;
    for (let i = parameters.length; i >= 1; i--) {
      const value = parameters[i - 1];
      const written = value === userId ? `'${accountPrefix}:n'` : literal(value);
      text = text.replaceAll(`$${i}`, written);
    }
    lines.push(`${text.replace(/\s+/g, ' ')};`);
  }
  return `${lines.join('\n')}\n`;
};

export type PgbenchResult = { perSecond: number; averageMs: number; processed: number };

/** pgbench for `seconds` from `clients` connections over `accounts` accounts. */
export const runPgbench = async (
  url: string,
  statements: Pick<CompiledQuery, 'sql' | 'parameters'>[],
  account: { userId: string; prefix: string },
  clients: number,
  accounts: number,
  seconds: number,
): Promise<PgbenchResult> => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-usage-'));
  try {
    const file = join(dir, 'count.sql');
    writeFileSync(file, pgbenchScript(statements, account.userId, account.prefix, accounts));
    const { stdout } = await run('pgbench', [
      '--no-vacuum',
      '--protocol=simple',
      `--client=${clients}`,
      `--jobs=${Math.min(clients, 2)}`,
      `--time=${seconds}`,
      `--file=${file}`,
      url,
    ]);
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    const processed = /actually processed: (\d+)/.exec(stdout)?.[1];
    if (!tps || !latency || !processed) throw new Error(`pgbench said:\n${stdout}`);
    return { perSecond: Number(tps), averageMs: Number(latency), processed: Number(processed) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
