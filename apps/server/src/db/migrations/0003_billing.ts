import type { Kysely } from 'kysely';

/** Paid plans as data; prices in cents. Every paid plan allows overage (billed per document). */
const paidPlans = [
  {
    id: 'starter',
    subscription_type: 'STARTER',
    price_cents: 999,
    monthly_limit: 1000,
    overage_price_cents: 3,
    allow_overage: 1,
    description: 'For small teams automating their first documents.',
    support: 'Email support',
    popular: 0,
    sort_order: 1,
  },
  {
    id: 'pro',
    subscription_type: 'PRO',
    price_cents: 2999,
    monthly_limit: 5000,
    overage_price_cents: 2,
    allow_overage: 1,
    description: 'For growing businesses that generate documents every day.',
    support: 'Priority email support',
    popular: 1,
    sort_order: 2,
  },
  {
    id: 'business',
    subscription_type: 'BUSINESS',
    price_cents: 9999,
    monthly_limit: 25000,
    overage_price_cents: 1,
    allow_overage: 1,
    description: 'For high volumes, with a person who knows your set-up.',
    support: 'Dedicated account manager',
    popular: 0,
    sort_order: 3,
  },
];

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db
    .insertInto('plans' as never)
    .values(paidPlans)
    .execute();

  await db.schema
    .alterTable('subscriptions')
    // When the provider's state was last read; an older read never overwrites a newer one.
    .addColumn('provider_synced_at', 'varchar(30)')
    .execute();
  await db.schema
    .alterTable('subscriptions')
    // Overage documents of this cycle already reported to the provider as metered usage.
    .addColumn('overage_reported', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A provider customer belongs to exactly one account (security.md §29).
  await db.schema
    .createIndex('subscriptions_provider_customer')
    .on('subscriptions')
    .column('provider_customer_id')
    .unique()
    .execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull().references('plans.id'))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('voucher_redemptions')
    .addColumn('voucher_code', 'varchar(64)', (c) =>
      c.notNull().references('vouchers.code').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('redeemed_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_redemptions_pk', ['voucher_code', 'user_id'])
    .execute();

  // Provider events already applied: the primary key makes "apply once" hold across instances.
  await db.schema
    .createTable('provider_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // The built-in `local` payment provider's own records (what Stripe keeps on its side).
  await db.schema
    .createTable('local_payment_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(36)')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('local_payment_subscriptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('current_period_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('current_period_end', 'varchar(30)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('local_payment_subscriptions_customer')
    .on('local_payment_subscriptions')
    .column('customer_id')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'local_payment_subscriptions',
    'local_payment_sessions',
    'provider_events',
    'voucher_redemptions',
    'vouchers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('subscriptions_provider_customer').execute();
  await db.schema.alterTable('subscriptions').dropColumn('overage_reported').execute();
  await db.schema.alterTable('subscriptions').dropColumn('provider_synced_at').execute();
  await db
    .deleteFrom('plans' as never)
    .where('id' as never, 'in', paidPlans.map((p) => p.id) as never)
    .execute();
};
