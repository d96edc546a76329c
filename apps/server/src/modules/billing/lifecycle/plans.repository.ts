import type { Selectable } from 'kysely';
import type { Db, PlanTable } from '../../../db/tables.ts';

export type PlanRecord = {
  id: string;
  subscriptionType: string;
  priceCents: number;
  monthlyLimit: number;
  overagePriceCents: number;
  allowOverage: boolean;
  description: string;
  support: string;
  popular: boolean;
};

const planRowToPlan = (row: Selectable<PlanTable>): PlanRecord => ({
  id: row.id,
  subscriptionType: row.subscription_type,
  priceCents: Number(row.price_cents),
  monthlyLimit: Number(row.monthly_limit),
  overagePriceCents: Number(row.overage_price_cents),
  allowOverage: Boolean(row.allow_overage),
  description: row.description,
  support: row.support,
  popular: Boolean(row.popular),
});

export const listPlanRecords = async (db: Db): Promise<PlanRecord[]> => {
  const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
  return rows.map(planRowToPlan);
};

/** By id ('pro') or, as the client may send the type, by type ('PRO'). */
export const findPlan = async (db: Db, idOrType: string): Promise<PlanRecord | undefined> => {
  const row = await db
    .selectFrom('plans')
    .selectAll()
    .where((eb) =>
      eb.or([eb('id', '=', idOrType), eb('subscription_type', '=', idOrType.toUpperCase())]),
    )
    .executeTakeFirst();
  return row && planRowToPlan(row);
};
