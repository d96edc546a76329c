import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type Account } from '../../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../../test/test-app.ts';
import {
  appWithAda,
  setDocumentsUsed,
  subscriptionOf,
  userIdOf,
} from '../../../../test/billing.ts';
import { countDocuments } from './document-count.ts';
import { usageMonth } from './usage.repository.ts';

/** One document, as a generate counts it. */
const countDocument = (deps: Parameters<typeof countDocuments>[0], userId: string, now: Date) =>
  countDocuments(deps, userId, 1, now);

/*
 * The counts of one account in flight together share statements (coalesced-take.ts) and each
 * caller still gets its own answer: the limit exact, every refusal a caller's own, the count
 * each saw distinct.
 */
describe.each(testDatabases())('coalesced document counts on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let userId: string;
  beforeEach(async () => {
    ({ app, ada, userId } = await appWithAda(database));
  });
  afterEach(() => app.dispose());

  const inMonthHistory = async () =>
    Number(
      (
        await app.deps.db
          .selectFrom('usage_months')
          .select('documents')
          .where('user_id', '=', userId)
          .where('month', '=', usageMonth(app.clock.now()))
          .executeTakeFirst()
      )?.documents ?? 0,
    );

  /**
   * The app's database with `executeQuery` and `transaction` (how a count reaches it) replaced;
   * everything else is the database's own, called on it (Kysely keeps private fields).
   */
  const databaseWith = (send: (original: (...args: unknown[]) => unknown) => unknown) =>
    new Proxy(app.deps.db, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        const original = (...args: unknown[]) =>
          (value as (...a: unknown[]) => unknown).apply(target, args);
        return property === 'executeQuery' || property === 'transaction'
          ? send(original)
          : original;
      },
    });

  const countingStatements = () => {
    const sent = { statements: 0 };
    const db = databaseWith((original) => (...args: unknown[]) => {
      sent.statements += 1;
      return original(...args);
    });
    return { db, sent };
  };

  it('counts 40 documents in flight at once in fewer statements, each caller its own count', async () => {
    const { db, sent } = countingStatements();
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        countDocument({ db, log: app.deps.log }, userId, app.clock.now()),
      ),
    );
    expect(results.every((r) => r.isReserved)).toBe(true);
    // FREE allows 100: each caller saw the count after its own document, no two the same.
    const remaining = results.map((r) => r.remaining).sort((a, b) => Number(a) - Number(b));
    expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => 60 + i));
    expect(sent.statements).toBeLessThan(40);
    expect((await subscriptionOf(app, ada)).pdfsGeneratedThisMonth).toBe(40);
    expect(await inMonthHistory()).toBe(40);
  });

  it('refuses only the documents past the limit when a shared statement would pass it', async () => {
    await setDocumentsUsed(app, userId, 90);
    const results = await Promise.all(
      Array.from({ length: 25 }, () => countDocument(app.deps, userId, app.clock.now())),
    );
    expect(results.filter((r) => r.isReserved)).toHaveLength(10);
    expect(results.filter((r) => !r.isReserved)).toEqual(
      Array.from({ length: 15 }, () => ({
        isReserved: false,
        remaining: 0,
        hasOverageToReport: false,
      })),
    );
    expect(await inMonthHistory()).toBe(10);
    expect(await countDocument(app.deps, userId, app.clock.now())).toMatchObject({
      isReserved: false,
    });
  });

  it('keeps the accounts apart: a refusal of one does not touch another', async () => {
    const grace = await userIdOf(app, (await signUp(app, { email: 'grace@example.com' })).email);
    await setDocumentsUsed(app, userId, 100);
    const [adas, graces] = await Promise.all([
      Promise.all(
        Array.from({ length: 5 }, () => countDocument(app.deps, userId, app.clock.now())),
      ),
      Promise.all(Array.from({ length: 5 }, () => countDocument(app.deps, grace, app.clock.now()))),
    ]);
    expect(adas.some((r) => r.isReserved)).toBe(false);
    expect(graces.map((r) => r.remaining).sort()).toEqual([95, 96, 97, 98, 99]);
  });

  it('gives every caller of a failed statement the error, and counts nothing', async () => {
    const failing = databaseWith(() => () => {
      throw new Error('connection lost');
    });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        countDocument({ db: failing, log: app.deps.log }, userId, app.clock.now()),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('rejected'));
    expect(await inMonthHistory()).toBe(0);
    // The queue is not left behind: the next count on the same database is sent.
    expect(await countDocument(app.deps, userId, app.clock.now())).toMatchObject({
      isReserved: true,
      remaining: 99,
    });
  });
});
