/**
 * The document count on PostgreSQL: how fast one account can count documents when many
 * connections count for it at once, against as many connections counting for different accounts.
 * Runs the server's own meter, reserve then settle (what every generate calls), on a throwaway database of
 * TEST_DATABASE_URL's server, migrated by the server's migrations, with the FREE plan's limit
 * raised so nothing is refused. For 1, 8 and 32 connections (BENCH_USAGE_CONNECTIONS) spread over
 * up to 4 instances (BENCH_USAGE_INSTANCES), one account against as many accounts,
 * BENCH_USAGE_ROUNDS (3) alternating rounds of BENCH_USAGE_SECONDS (10) each, the median round:
 * counts per second, p50/p99 of one count, and whether the rows add up to the counts made. Then
 * the same for the statement alone from pgbench. Writes bench/usage/RESULTS.md (or
 * BENCH_USAGE_OUT); exits 1 if a count went missing.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { migrateToLatest } from '../../apps/server/src/db/database.ts';
import type { Db, Tables } from '../../apps/server/src/db/tables.ts';
import type { Deps } from '../../apps/server/src/deps.ts';
import { AppError } from '../../apps/server/src/lib/app-error.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { insertFreeSubscription, reserve } from '../../apps/server/src/modules/billing/index.ts';
import { createPostgresDatabase } from '../../apps/server/test/test-app.ts';
import { fmt, markdownTable, ms } from '../table.ts';
import { captureCountStatements, hasPgbench, runPgbench } from './pgbench.ts';

type Statements = Awaited<ReturnType<typeof captureCountStatements>>;

const SECONDS = Number(process.env.BENCH_USAGE_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_USAGE_CONNECTIONS ?? '1,8,32').split(',').map(Number);
const ACCOUNTS = Math.max(...CONNECTIONS);
const ROUNDS = Number(process.env.BENCH_USAGE_ROUNDS ?? 3);
/** The meter's callers are spread over this many instances, each with a pool of its own. */
const INSTANCES = Number(process.env.BENCH_USAGE_INSTANCES ?? 4);
const OUT = process.env.BENCH_USAGE_OUT ?? join(import.meta.dirname, 'RESULTS.md');
const WARM_UP_MS = 1000;
const RAISED_LIMIT = 1_000_000_000;
/** Accounts are numbered, so that pgbench can pick one: bench-account-1… */
const ACCOUNT_PREFIX = 'bench-account-';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error(
    'bench:usage needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database).',
  );
  process.exit(1);
}

/** The server's Kysely setup (db/database.ts) with a pool as large as the case's connections. */
const openPool = (url: string, max: number): Db =>
  new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max }) }),
  });

const quietLog = {
  error: (...args: unknown[]) => console.error(...args),
} as unknown as Deps['log'];

/**
 * What the meter reads of an instance's deps when nothing is refused: its database, log and
 * clock. No payment provider, so no overage is reported.
 */
const instanceDeps = (db: Db) =>
  ({ db, log: quietLog, clock: systemClock, payments: undefined }) as unknown as Deps;

/** One document through the meter as a generate goes through it; false when refused. */
const meterOne = async (deps: Deps, userId: string) => {
  try {
    const reservation = await reserve(deps, userId, 1, () => 'refused');
    await reservation.settle(1);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'QUOTA_EXCEEDED') return false;
    throw error;
  }
};

const percentile = (sorted: Float64Array, share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

const createAccounts = async (db: Db, now: Date) => {
  const iso = now.toISOString();
  const ids = Array.from({ length: ACCOUNTS }, (_, i) => `${ACCOUNT_PREFIX}${i + 1}`);
  await db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        email: `bench-${i}@example.com`,
        password_hash: 'x',
        first_name: 'Bench',
        last_name: String(i),
        title: '',
        profile_pic: '',
        email_confirmed: 1,
        created_at: iso,
        updated_at: iso,
      })),
    )
    .execute();
  for (const id of ids) await insertFreeSubscription(db, id, now);
  await db.updateTable('plans').set({ monthly_limit: RAISED_LIMIT }).execute();
  return ids;
};

const countedInRows = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.sum<string>('pdfs_generated_this_month').as('total'))
        .executeTakeFirstOrThrow()
    ).total ?? 0,
  );

type CaseResult = {
  /** The meter from Node, or its statement from pgbench. */
  client: string;
  connections: number;
  /** Server instances the connections come from (the meter only). */
  instances?: number;
  accounts: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** pgbench reports a mean instead of percentiles. */
  average?: number;
};

/** The round with the median rate. */
const medianCase = (runs: CaseResult[]) =>
  [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;

/**
 * `connections` loops, each counting one document after another for its account until the time
 * is up, spread over up to INSTANCES instances as a fleet of servers would be: each instance
 * has its own pool, and the counts of one account in flight on it share statements.
 */
const runCase = async (url: string, users: string[], connections: number, accounts: number) => {
  const instances = Math.min(connections, INSTANCES);
  const fleet = Array.from({ length: instances }, () =>
    instanceDeps(openPool(url, Math.ceil(connections / instances))),
  );
  const db = fleet[0]!.db;
  const before = await countedInRows(db);
  const timings: number[] = [];
  let counted = 0;
  let refused = 0;
  const start = performance.now();
  const measureFrom = start + WARM_UP_MS;
  const end = measureFrom + SECONDS * 1000;
  const loop = async (i: number) => {
    const userId = users[i % accounts]!;
    const deps = fleet[i % instances]!;
    for (;;) {
      const t0 = performance.now();
      if (t0 >= end) return;
      const isReserved = await meterOne(deps, userId);
      const t1 = performance.now();
      if (!isReserved) refused++;
      else counted++;
      if (t0 >= measureFrom) timings.push(t1 - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  const after = await countedInRows(db);
  await Promise.all(fleet.map((instance) => instance.db.destroy()));
  if (after - before !== counted || refused > 0) {
    throw new Error(`rows gained ${after - before}, counts made ${counted}, refused ${refused}`);
  }
  const sorted = Float64Array.from(timings).sort();
  return {
    connections,
    instances,
    accounts,
    perSecond: timings.length / SECONDS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
};

/**
 * Each connection count, one account against as many accounts; rounds alternate the two so that
 * the shared machine's load falls on both alike.
 */
const measure = async (
  client: string,
  runOne: (connections: number, accounts: number) => Promise<Omit<CaseResult, 'client'>>,
) => {
  const results: CaseResult[] = [];
  for (const connections of CONNECTIONS) {
    const shapes = connections === 1 ? [1] : [1, connections];
    const rounds = new Map<number, CaseResult[]>(shapes.map((a) => [a, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const accounts of shapes) {
        rounds.get(accounts)!.push({ client, ...(await runOne(connections, accounts)) });
      }
    }
    for (const [accounts, runs] of rounds) {
      const result = medianCase(runs);
      results.push(result);
      console.info(
        `${client}, ${connections} connections, ${accounts} account(s): ` +
          `${fmt(result.perSecond)} counts/s (rounds: ${runs.map((r) => fmt(r.perSecond)).join(', ')}), ` +
          (result.average === undefined
            ? `p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms`
            : `mean ${ms(result.average)} ms`),
      );
    }
  }
  return results;
};

/** pgbench's counts, checked against the rows like the meter's. */
const pgbenchCase = async (
  url: string,
  statements: Statements,
  connections: number,
  accounts: number,
) => {
  const db = openPool(url, 1);
  const before = await countedInRows(db);
  const result = await runPgbench(
    url,
    statements,
    { userId: `${ACCOUNT_PREFIX}1`, prefix: ACCOUNT_PREFIX },
    connections,
    accounts,
    SECONDS,
  );
  const gained = (await countedInRows(db)) - before;
  await db.destroy();
  if (gained !== result.processed) {
    throw new Error(`pgbench: rows gained ${gained}, transactions ${result.processed}`);
  }
  return {
    connections,
    accounts,
    perSecond: result.perSecond,
    p50: NaN,
    p99: NaN,
    average: result.averageMs,
  };
};

const main = async () => {
  const database = await createPostgresDatabase(adminUrl);
  const results: CaseResult[] = [];
  const loadBefore = loadavg()[0]!;
  try {
    const setup = openPool(database.url, 1);
    await migrateToLatest(setup);
    const users = await createAccounts(setup, new Date());
    await setup.destroy();
    results.push(
      ...(await measure('reserve', (connections, accounts) =>
        runCase(database.url, users, connections, accounts),
      )),
    );
    if (await hasPgbench()) {
      const statements = await captureCountStatements(database.url, users[0]!, quietLog);
      results.push(
        ...(await measure('pgbench', (connections, accounts) =>
          pgbenchCase(database.url, statements, connections, accounts),
        )),
      );
    } else console.info('pgbench not found (Debian: postgresql-client): its rows are left out.');
  } finally {
    await database.drop();
  }
  const loadAfter = loadavg()[0]!;
  const server = await serverSettings(adminUrl);
  const rows = results.map((r) => {
    const spread = results.find(
      (o) =>
        o.client === r.client && o.connections === r.connections && o.accounts === r.connections,
    );
    const share =
      r.accounts === 1 && r.connections > 1 && spread
        ? `${fmt((100 * r.perSecond) / spread.perSecond)} %`
        : '';
    return [
      r.client,
      String(r.connections),
      r.instances === undefined ? '—' : String(r.instances),
      r.accounts === 1 ? 'one' : String(r.accounts),
      fmt(r.perSecond),
      r.average === undefined ? ms(r.p50) : `${ms(r.average)} (mean)`,
      ms(r.p99),
      share,
    ];
  });
  const text = [
    '# Document count on PostgreSQL',
    '',
    `Written by \`npm run bench:usage\` on ${new Date().toISOString().slice(0, 10)}: the server's ` +
      `reserve and settle (what each generate runs) from N callers spread over up to ${INSTANCES} ` +
      `instances, then the statement it sends, one per count, from pgbench; the median of ` +
      `${ROUNDS} alternating rounds of ${SECONDS} s each, on PostgreSQL ${server.version} with ` +
      `fsync ${server.fsync} and synchronous_commit ${server.synchronousCommit}, all on one ` +
      `machine. Load average (1 min) ${fmt(loadBefore, 2)} before, ` +
      `${fmt(loadAfter, 2)} after: the machine is shared, so compare rows of one run, not runs. ` +
      `What they mean: docs/reliability.md.`,
    '',
    ...markdownTable(
      [
        { title: 'Client' },
        { title: 'Connections' },
        { title: 'Instances' },
        { title: 'Accounts' },
        { title: 'Counts/s', isNumber: true },
        { title: 'p50 ms', isNumber: true },
        { title: 'p99 ms', isNumber: true },
        { title: 'One account vs. as many accounts', isNumber: true },
      ],
      rows,
    ),
    '',
  ].join('\n');
  // Formatted as the repository's Markdown is, so that `prettier --check .` stays clean.
  writeFileSync(OUT, await format(text, { ...(await resolveConfig(OUT)), filepath: OUT }));
  console.info(`Wrote ${OUT}`);
};

/** What the figures depend on: a durable server (fsync on) holds the row lock through a flush. */
const serverSettings = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const show = async (name: string) =>
    (await client.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name] ?? '?';
  const settings = {
    version: await show('server_version'),
    fsync: await show('fsync'),
    synchronousCommit: await show('synchronous_commit'),
  };
  await client.end();
  return settings;
};

await main();
