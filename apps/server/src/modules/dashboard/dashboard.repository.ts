import type { Db } from '../../db/tables.ts';

export const countTemplates = async (db: Db, userId: string): Promise<number> => {
  const row = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
};

/** Documents per month (`YYYY-MM`), every month the account has used. */
export const listUsageMonths = async (
  db: Db,
  userId: string,
): Promise<{ month: string; documents: number }[]> => {
  const rows = await db
    .selectFrom('usage_months')
    .select(['month', 'documents'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({ month: r.month, documents: Number(r.documents) }));
};
