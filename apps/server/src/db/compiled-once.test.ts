import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once.ts';
import { migrateToLatest, openDatabase } from './database.ts';

describe('compiledOnce', () => {
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  afterAll(() => db.destroy());

  const planByType = compiledOnce((d, type: string) =>
    d
      .selectFrom('plans')
      .select(['subscription_type', 'monthly_limit'])
      .where('subscription_type', '=', type),
  );

  it('runs one compiled statement with each call’s own values', async () => {
    await migrateToLatest(db);
    const free = planByType(db, 'FREE');
    const none = planByType(db, 'NO SUCH PLAN');
    expect(none.sql).toBe(free.sql);
    expect((await db.executeQuery(free)).rows).toEqual([
      { subscription_type: 'FREE', monthly_limit: 100 },
    ]);
    expect((await db.executeQuery(none)).rows).toEqual([]);
  });

  it('refuses a statement whose parameter would be written into the SQL text', () => {
    const inlined = compiledOnce((d, type: string) =>
      d.selectFrom('plans').selectAll().where('subscription_type', '=', sql.lit(type)),
    );
    expect(() => inlined(db, 'FREE')).toThrow(/inlined/);
  });
});
