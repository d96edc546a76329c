import type { SubscriptionStatus } from '@platen/contract';
import type { ProviderSubscription } from './provider-subscription.ts';
import { addMonths, cycleAt } from './billing-cycle.ts';
import { FREE_PLAN_ID, type SubscriptionRecord } from './subscription-record.ts';

/**
 * Billing's lifecycle in one pure function: `decide(current, event, now)` says what a
 * subscription becomes; apply-changes.ts writes that with compare-and-set statements and runs
 * what must be asked of the payment provider. Nothing here reads or writes anything, so every
 * rule is tested as a table (decide.test.ts).
 */

const DAY_MS = 86_400_000;

/** What the provider's events are about; each is answered from a read of its subscription. */
export type ProviderEventType =
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'cancel.requested';

export type BillingEvent =
  /** Time passed: a plan past its end expires, a cycle past its end rolls over, a renewal is due. */
  | { type: 'clock' }
  | { type: 'voucher.redeemed'; voucher: { code: string; planId: string; days: number } }
  | { type: 'voucher.cancelled' }
  /** The provider's subscription as read back (at `readAt`) after `type`; `planId` is ours. */
  | {
      type: ProviderEventType;
      sub: ProviderSubscription;
      planId: string | undefined;
      readAt: Date;
    };

/** The plan columns a change sets; cycle dates are ISO strings as stored. */
export type SubscriptionSet = Partial<{
  planId: string;
  status: SubscriptionStatus;
  startTime: string;
  endTime: string | null;
  autoRenewal: boolean;
  voucherCode: string | null;
  providerSubscriptionId: string | null;
  lastBilledDate: string;
  billingCycleStart: string;
  billingCycleEnd: string;
  /** When the provider's state this write carries was read (a newer read is never overwritten). */
  providerSyncedAt: string;
}>;

/**
 * How the document count moves with a write. The count changes while we decide (documents are
 * counted in one statement each), so these are said by name and the repository writes each as an
 * expression on the row as it is then:
 * - `keep`: untouched;
 * - `restart`: a new cycle starts at zero; a billed plan's unreported overage is carried;
 * - `zero`: starts at zero and nothing is carried (a voucher starts, FREE in a new cycle);
 * - `resumeFree`: back on FREE inside the cycle FREE was left in, its count goes on from there.
 */
export type CountChange = 'keep' | 'restart' | 'zero' | 'resumeFree';

/**
 * The row as it was read, which the write requires still to be so (compare-and-set): a change
 * decided on a stale read writes nothing. `syncedBefore`: no newer provider read was written.
 */
export type Guard = Partial<{
  planId: string;
  endTime: string | null;
  autoRenewal: boolean;
  voucherCode: string | null;
  billingCycleEnd: string;
  syncedBefore: Date;
}>;

type Outcome =
  | 'expired'
  | 'rolled_over'
  | 'voucher_started'
  | 'voucher_ended'
  | 'provider_ended'
  | 'provider_applied';

export type Write = {
  kind: 'write';
  outcome: Outcome;
  set: SubscriptionSet;
  count: CountChange;
  /** Leaving FREE: its cycle and count are put aside, for `resumeFree` on the way back. */
  putsFreeAside: boolean;
  guard: Guard;
  /** The subscription being replaced goes to the history as EXPIRED, ended then. */
  archiveEndedAt?: Date;
};

export type Refusal =
  | { kind: 'refuse'; reason: 'plan_active' }
  /** A paid plan cancelled at period end: it is still paid for until `endsAt`. */
  | { kind: 'refuse'; reason: 'paid_plan_ending'; endsAt: Date };

export type Change =
  | Write
  | Refusal
  | { kind: 'ignore'; reason: string }
  /** A second live paid subscription: the account keeps `keptId`; the provider ends the other now. */
  | { kind: 'cancel_duplicate'; keptId: string; duplicateId: string }
  /** A paid plan past its period: the provider renews it (Stripe by itself, the local one when asked). */
  | { kind: 'renewal_due'; providerSubscriptionId: string };

/** A plan the account pays for through the provider (not FREE, not a voucher). */
const isPaidPlan = (current: SubscriptionRecord): boolean =>
  current.planId !== FREE_PLAN_ID && current.voucherCode === null;

/** Why a voucher cannot be redeemed now, if it cannot: a paid plan runs until its period ends. */
export const voucherRefusal = (current: SubscriptionRecord): Refusal | undefined => {
  if (!isPaidPlan(current)) return undefined;
  if (!current.autoRenewal && current.endTime !== null) {
    return { kind: 'refuse', reason: 'paid_plan_ending', endsAt: new Date(current.endTime) };
  }
  return { kind: 'refuse', reason: 'plan_active' };
};

/** Stripe's statuses in our words; a subscription cancelled at period end is CANCELED until then. */
const statusFromProvider = (sub: ProviderSubscription): SubscriptionStatus | undefined => {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancelAtPeriodEnd ? 'CANCELED' : 'ACTIVE';
    case 'past_due':
      return 'PAST_DUE';
    case 'unpaid':
    case 'paused':
      return 'UNPAID';
    default:
      return undefined;
  }
};

/** The row's plan columns as read: a clock or voucher change requires them unchanged. */
const asRead = (current: SubscriptionRecord): Guard => ({
  planId: current.planId,
  endTime: current.endTime,
  autoRenewal: current.autoRenewal,
  voucherCode: current.voucherCode,
});

/**
 * FREE from `endedAt`, with nothing from the previous plan but the customer. FREE's cycles are
 * anchored on the sign-up; inside the cycle FREE was left in, its count goes on from what FREE
 * had used then, so taking a plan and dropping it does not give FREE's documents again. When
 * that cycle is already over by `now`, the account is in a later one, starting at zero.
 */
const backToFree = (
  current: SubscriptionRecord,
  endedAt: Date,
  now: Date,
): Pick<Write, 'set' | 'count'> => {
  const signedUp = new Date(current.createdAt);
  const left = cycleAt(signedUp, endedAt);
  const isOver = left.end.getTime() <= now.getTime();
  const cycle = isOver ? cycleAt(signedUp, now) : left;
  return {
    count: isOver ? 'zero' : 'resumeFree',
    set: {
      planId: FREE_PLAN_ID,
      status: 'ACTIVE',
      startTime: endedAt.toISOString(),
      endTime: null,
      autoRenewal: false,
      voucherCode: null,
      providerSubscriptionId: null,
      billingCycleStart: cycle.start.toISOString(),
      billingCycleEnd: cycle.end.toISOString(),
    },
  };
};

const withSet = (w: Pick<Write, 'set' | 'count'>, more: SubscriptionSet) => ({
  ...w,
  set: { ...w.set, ...more },
});

/** Whether a voucher or a plan cancelled at period end is past its end. */
const hasExpired = (current: SubscriptionRecord, now: Date): boolean =>
  current.planId !== FREE_PLAN_ID &&
  current.endTime !== null &&
  Date.parse(current.endTime) <= now.getTime() &&
  (current.voucherCode !== null || !current.autoRenewal);

/**
 * A new cycle when the current one has ended. Cycles follow the plan's start (FREE's the
 * sign-up); a cycle on other boundaries is not gone back on: its end is where the next starts.
 */
const rollOver = (current: SubscriptionRecord, now: Date): Write => {
  const anchor = current.planId === FREE_PLAN_ID ? current.createdAt : current.startTime;
  const anchored = cycleAt(new Date(anchor), now);
  const previousEnd = new Date(current.billingCycleEnd);
  const start = anchored.start < previousEnd ? previousEnd : anchored.start;
  return {
    kind: 'write',
    outcome: 'rolled_over',
    set: { billingCycleStart: start.toISOString(), billingCycleEnd: anchored.end.toISOString() },
    count: 'restart',
    putsFreeAside: false,
    guard: { billingCycleEnd: current.billingCycleEnd },
  };
};

const onClock = (current: SubscriptionRecord, now: Date): Change[] => {
  if (hasExpired(current, now)) {
    const endedAt = new Date(current.endTime ?? now);
    return [
      {
        kind: 'write',
        outcome: 'expired',
        ...backToFree(current, endedAt, now),
        putsFreeAside: false,
        guard: asRead(current),
        archiveEndedAt: endedAt,
      },
    ];
  }
  const changes: Change[] = [];
  if (Date.parse(current.billingCycleEnd) <= now.getTime()) changes.push(rollOver(current, now));
  const id = current.providerSubscriptionId;
  const isPastPeriod = current.endTime !== null && Date.parse(current.endTime) <= now.getTime();
  if (isPaidPlan(current) && id && current.autoRenewal && isPastPeriod) {
    changes.push({ kind: 'renewal_due', providerSubscriptionId: id });
  }
  return changes;
};

const onVoucherRedeemed = (
  current: SubscriptionRecord,
  voucher: { code: string; planId: string; days: number },
  now: Date,
): Change => {
  const refusal = voucherRefusal(current);
  if (refusal) return refusal;
  return {
    kind: 'write',
    outcome: 'voucher_started',
    set: {
      planId: voucher.planId,
      status: 'ACTIVE',
      startTime: now.toISOString(),
      endTime: new Date(now.getTime() + voucher.days * DAY_MS).toISOString(),
      autoRenewal: false,
      voucherCode: voucher.code,
      billingCycleStart: now.toISOString(),
      billingCycleEnd: addMonths(now, 1).toISOString(),
    },
    count: 'zero',
    putsFreeAside: true,
    guard: asRead(current),
    // A voucher it replaces ends now and is kept in the history, as an expired one would be.
    ...(current.voucherCode !== null && { archiveEndedAt: now }),
  };
};

/** A voucher ends at once, back to FREE. */
const onVoucherCancelled = (current: SubscriptionRecord, now: Date): Change => {
  if (current.voucherCode === null) return { kind: 'ignore', reason: 'no voucher plan' };
  return {
    kind: 'write',
    outcome: 'voucher_ended',
    ...backToFree(current, now, now),
    putsFreeAside: false,
    guard: { voucherCode: current.voucherCode },
    archiveEndedAt: now,
  };
};

const hasEndedAtProvider = (sub: ProviderSubscription, now: Date) =>
  sub.status === 'canceled' ||
  sub.status === 'incomplete_expired' ||
  (sub.cancelAtPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime());

/** A paid period that starts a new cycle restarts the count; a repeated read does not. */
const cycleFromProvider = (
  current: SubscriptionRecord,
  sub: ProviderSubscription,
  isNew: boolean,
): { set: SubscriptionSet; count: CountChange } => {
  const start = sub.currentPeriodStart.toISOString();
  const end = sub.currentPeriodEnd.toISOString();
  if (isNew) {
    return {
      set: { startTime: start, billingCycleStart: start, billingCycleEnd: end },
      count: 'restart',
    };
  }
  // The same cycle as ours (our roll-over got there first): its end is the provider's to say,
  // else our next roll-over could come before the provider's renewal.
  if (start === current.billingCycleStart) return { set: { billingCycleEnd: end }, count: 'keep' };
  if (start < current.billingCycleStart) return { set: {}, count: 'keep' };
  return {
    set: { billingCycleStart: start, billingCycleEnd: end },
    // Our own roll-over may already have started this cycle (same boundaries, usage kept).
    count: start >= current.billingCycleEnd ? 'restart' : 'keep',
  };
};

/**
 * Every provider event is answered the same way, from the subscription read back after it, so
 * events arriving late or out of order still end in the provider's current state.
 */
const onProvider = (
  current: SubscriptionRecord,
  read: { sub: ProviderSubscription; planId: string | undefined; readAt: Date },
  now: Date,
): Change => {
  const { sub, planId } = read;
  const isOurs = current.providerSubscriptionId === sub.id;
  const guard = { syncedBefore: read.readAt };
  const synced = { providerSyncedAt: read.readAt.toISOString() };
  if (hasEndedAtProvider(sub, now)) {
    if (!isOurs) return { kind: 'ignore', reason: 'ended, not the current one' };
    return {
      kind: 'write',
      outcome: 'provider_ended',
      ...withSet(backToFree(current, now, now), synced),
      putsFreeAside: false,
      guard,
      archiveEndedAt: now,
    };
  }
  const status = statusFromProvider(sub);
  if (!status) return { kind: 'ignore', reason: `status ${sub.status}` };
  if (!planId) return { kind: 'ignore', reason: 'price of no known plan' };
  const keptId = current.providerSubscriptionId;
  if (!isOurs && keptId !== null && isPaidPlan(current)) {
    return { kind: 'cancel_duplicate', keptId, duplicateId: sub.id };
  }
  const cycle = cycleFromProvider(current, sub, !isOurs);
  return {
    kind: 'write',
    outcome: 'provider_applied',
    set: {
      planId,
      status,
      autoRenewal: !sub.cancelAtPeriodEnd,
      endTime: sub.currentPeriodEnd.toISOString(),
      voucherCode: null,
      providerSubscriptionId: sub.id,
      lastBilledDate: sub.currentPeriodStart.toISOString(),
      ...cycle.set,
      ...synced,
    },
    count: cycle.count,
    putsFreeAside: true,
    guard,
    // A paid plan replacing a voucher (a checkout opened before it was redeemed) ends it now.
    ...(current.voucherCode !== null && { archiveEndedAt: now }),
  };
};

/** What `event` at `now` does to the subscription `current`: the changes, in order. */
export const decide = (current: SubscriptionRecord, event: BillingEvent, now: Date): Change[] => {
  switch (event.type) {
    case 'clock':
      return onClock(current, now);
    case 'voucher.redeemed':
      return [onVoucherRedeemed(current, event.voucher, now)];
    case 'voucher.cancelled':
      return [onVoucherCancelled(current, now)];
    default:
      return [onProvider(current, event, now)];
  }
};
