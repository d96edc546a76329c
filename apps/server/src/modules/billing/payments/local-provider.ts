import { randomUUID, type KeyObject } from 'node:crypto';
import type { Db } from '../../../db/tables.ts';
import { AppError } from '../../../lib/app-error.ts';
import { addMinutes, type Clock } from '../../../lib/clock.ts';
import { keyedHash, randomToken } from '../../../lib/secrets.ts';
import { addMonths, cycleAt } from '../lifecycle/billing-cycle.ts';
import {
  findLiveLocalSubscription,
  findLocalSession,
  findLocalSubscription,
  insertLocalSession,
  insertLocalSubscription,
  updateLocalSubscription,
  useLocalSession,
  type LocalSession,
  type LocalSubscriptionRow,
} from './local-provider.repository.ts';
import type { ProviderSubscription } from '../lifecycle/provider-subscription.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Hosted pages stay usable long enough to read them, and no longer. */
const SESSION_MINUTES = 30;

export const LOCAL_PAGES_PREFIX = '/dev/payments';

type LocalDeps = { db: Db; clock: Clock; hashKey: KeyObject; appUrl: string };

export type LocalPaymentProvider = PaymentProvider & {
  name: 'local';
  /** The pages' side: what Pay, Cancel and Resume do to the provider's own records. */
  pages: ReturnType<typeof localPageActions>;
};

export const isLocalProvider = (p: PaymentProvider | undefined): p is LocalPaymentProvider =>
  p?.name === 'local';

const sessionExpired = () =>
  new AppError(
    'PAYMENT_SESSION_INVALID',
    400,
    'This payment page has expired or was already used. Start again from Platen.',
  );

const alreadySubscribed = () =>
  new AppError(
    'ALREADY_SUBSCRIBED',
    409,
    'You already have a paid plan. Change it in the billing portal instead.',
  );

const toProviderSubscription = (row: LocalSubscriptionRow): ProviderSubscription => ({
  id: row.id,
  customerId: row.customer_id,
  status: row.status,
  planId: row.plan_id,
  currentPeriodStart: new Date(row.current_period_start),
  currentPeriodEnd: new Date(row.current_period_end),
  cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
});

/**
 * Time passes for the local provider as it would at Stripe: a period that has ended renews
 * (payment always succeeds here) or, when cancelled at period end, the subscription ends.
 */
const catchUp = async (deps: LocalDeps, row: LocalSubscriptionRow) => {
  const now = deps.clock.now();
  if (row.status !== 'active' || Date.parse(row.current_period_end) > now.getTime()) return row;
  if (row.cancel_at_period_end) {
    const ended = { ...row, status: 'canceled' as const, updated_at: now.toISOString() };
    await updateLocalSubscription(deps.db, row.id, {
      status: 'canceled',
      updated_at: ended.updated_at,
    });
    return ended;
  }
  // Periods follow the subscription's start, as Stripe's follow its billing cycle anchor.
  const period = cycleAt(new Date(row.created_at), now);
  const renewed = {
    current_period_start: period.start.toISOString(),
    current_period_end: period.end.toISOString(),
    updated_at: now.toISOString(),
  };
  // Compare-and-set on the old end: of several readers at once, one renews (to the same period).
  await updateLocalSubscription(deps.db, row.id, renewed, { periodEnd: row.current_period_end });
  return { ...row, ...renewed };
};

const readSubscription = async (deps: LocalDeps, id: string) => {
  const row = await findLocalSubscription(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, 'No such subscription at the local provider.');
  return catchUp(deps, row);
};

const openSession = async (
  deps: LocalDeps,
  s: Omit<LocalSession, 'token_hash' | 'created_at' | 'expires_at' | 'used_at'>,
) => {
  const token = randomToken(32);
  const now = deps.clock.now();
  await insertLocalSession(deps.db, {
    ...s,
    token_hash: keyedHash(deps.hashKey, token),
    created_at: now.toISOString(),
    expires_at: addMinutes(now, SESSION_MINUTES).toISOString(),
    used_at: null,
  });
  return `${deps.appUrl}${LOCAL_PAGES_PREFIX}/${s.kind}/${token}`;
};

const localPageActions = (deps: LocalDeps) => {
  const query = (token: string, kind: LocalSession['kind']) => ({
    tokenHash: keyedHash(deps.hashKey, token),
    kind,
    now: deps.clock.now().toISOString(),
  });
  return {
    findCheckout: (token: string) => findLocalSession(deps.db, query(token, 'checkout')),
    findPortal: (token: string) => findLocalSession(deps.db, query(token, 'portal')),
    /**
     * Pay: the session is used up and a subscription starts now for one month, unless the
     * customer already has a live one (another checkout page paid since this one opened).
     */
    pay: async (token: string) => {
      const session = await useLocalSession(deps.db, query(token, 'checkout'));
      if (!session?.plan_id) throw sessionExpired();
      if (await findLiveLocalSubscription(deps.db, session.customer_id)) throw alreadySubscribed();
      const now = deps.clock.now();
      const row: LocalSubscriptionRow = {
        id: `sub_local_${randomUUID().replace(/-/g, '')}`,
        customer_id: session.customer_id,
        plan_id: session.plan_id,
        status: 'active',
        current_period_start: now.toISOString(),
        current_period_end: addMonths(now, 1).toISOString(),
        cancel_at_period_end: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await insertLocalSubscription(deps.db, row);
      return { session, subscription: toProviderSubscription(row) };
    },
    abandon: async (token: string) => {
      if (!(await useLocalSession(deps.db, query(token, 'checkout')))) throw sessionExpired();
    },
    /** The portal's subscription, caught up with the clock; undefined when there is none. */
    portalSubscription: async (session: LocalSession) => {
      const live = await findLiveLocalSubscription(deps.db, session.customer_id);
      return live && toProviderSubscription(await catchUp(deps, live));
    },
    setCancelAtPeriodEnd: async (id: string, cancel: boolean) => {
      const now = deps.clock.now().toISOString();
      await updateLocalSubscription(deps.db, id, {
        cancel_at_period_end: cancel ? 1 : 0,
        updated_at: now,
      });
      return toProviderSubscription(await readSubscription(deps, id));
    },
  };
};

/**
 * The offline stand-in for Stripe: customers and subscriptions in its own tables, hosted
 * checkout and billing-portal pages under /dev/payments. Its pages emit Stripe-shaped events,
 * signed with its webhook secret, into the same handler as Stripe's webhooks.
 */
export const createLocalProvider = (deps: LocalDeps): LocalPaymentProvider => {
  const pages = localPageActions(deps);
  return {
    name: 'local',
    webhookSecret: `whsec_local_${keyedHash(deps.hashKey, 'local-payment-webhooks')}`,
    pages,
    createCustomer: async () => `cus_local_${randomUUID().replace(/-/g, '')}`,
    createCheckout: async (input) => ({
      url: await openSession(deps, {
        kind: 'checkout',
        customer_id: input.customerId,
        plan_id: input.planId,
        user_id: input.userId,
      }),
    }),
    createPortal: async (input) => ({
      url: await openSession(deps, {
        kind: 'portal',
        customer_id: input.customerId,
        plan_id: null,
        user_id: input.userId,
      }),
    }),
    retrieveSubscription: async (id) => toProviderSubscription(await readSubscription(deps, id)),
    cancelAtPeriodEnd: (id) => pages.setCancelAtPeriodEnd(id, true),
    cancelNow: async (id) => {
      const now = deps.clock.now().toISOString();
      await updateLocalSubscription(deps.db, id, { status: 'canceled', updated_at: now });
    },
    renewIfDue: async (id, now) => {
      const renewed = toProviderSubscription(await readSubscription(deps, id));
      if (renewed.status !== 'active' || renewed.currentPeriodEnd.getTime() <= now.getTime()) {
        return undefined;
      }
      // Derived from the subscription and the new period: instances noticing at once make one
      // event, applied once (provider_events' key).
      const period = renewed.currentPeriodStart.toISOString().replace(/[^0-9]/g, '');
      return { sub: renewed, eventId: `evt_local_renewal_${id}_${period}` };
    },
    // Nothing is charged offline; the overage shows in the subscription's overageCharges.
    reportOverage: async () => undefined,
  };
};
