import type {
  PlansResponse,
  SubscriptionHistoryResponse,
  SubscriptionResponse,
} from '@platen/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { revealApiKey } from '../api-keys/index.ts';
import type { RateRule } from '../rate-limits/index.ts';
import { writeChange } from './lifecycle/apply-changes.ts';
import { decide } from './lifecycle/decide.ts';
import { callProvider, requireProvider } from './payments/provider-calls.ts';
import { applyProviderSubscription } from './payments/provider-events.ts';
import { listPlanRecords } from './lifecycle/plans.repository.ts';
import { listHistory } from './lifecycle/subscription-history.repository.ts';
import { catchUpSubscription } from './subscription-catch-up.ts';
import { toPlanResponse, toSubscriptionResponse } from './subscription-view.ts';
import { FREE_PLAN_ID } from './lifecycle/subscription-record.ts';
import { findSubscription } from './lifecycle/subscriptions.repository.ts';
import { normaliseVoucherCode } from './vouchers/voucher-codes.ts';
import { redeemVoucherCode, refuseVoucher } from './vouchers/voucher-redemption.ts';

/** security.md §24: guessing codes is slow; a real user redeems one or two. */
export const voucherRules = {
  perUser: { name: 'voucher:user', limit: 10, windowMinutes: 15 },
  perIp: { name: 'voucher:ip', limit: 100, windowMinutes: 15 },
} as const satisfies Record<string, RateRule>;

export const createBillingService = (deps: Deps) => {
  const { db, clock } = deps;
  const providerName = () => deps.payments?.name;

  const view = async (userId: string): Promise<SubscriptionResponse> => {
    const current = await catchUpSubscription(deps, userId);
    const apiKey = await revealApiKey(deps, userId);
    return toSubscriptionResponse(current, { apiKey, provider: providerName() });
  };

  const listPlans = async (userId: string): Promise<PlansResponse> => {
    const { sub } = await catchUpSubscription(deps, userId);
    const plans = await listPlanRecords(db);
    return plans.map((p) =>
      toPlanResponse(p, { activePlanId: sub.planId, provider: providerName() }),
    );
  };

  const history = async (userId: string): Promise<SubscriptionHistoryResponse> => {
    await catchUpSubscription(deps, userId);
    const rows = await listHistory(db, userId);
    return rows.map(({ voucherCode, ...row }) => ({ ...row, voucher: voucherCode !== null }));
  };

  /** Unknown, expired and used-up codes get one answer, so it tells a guesser nothing. */
  const redeemVoucher = async (userId: string, input: string, ip: string) => {
    await deps.limiter.consume(voucherRules.perIp, ip);
    await deps.limiter.consume(voucherRules.perUser, userId);
    const { sub } = await catchUpSubscription(deps, userId);
    refuseVoucher(sub);
    try {
      await redeemVoucherCode(db, userId, normaliseVoucherCode(input), clock.now());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError(
        'VOUCHER_ALREADY_REDEEMED',
        409,
        'You have already redeemed this voucher.',
      );
    }
    deps.log.info({ event: 'billing.voucher_redeemed', userId }, 'voucher redeemed');
    return view(userId);
  };

  /** A voucher ends at once; a paid plan is cancelled at period end through its provider. */
  const cancel = async (userId: string) => {
    const { sub } = await catchUpSubscription(deps, userId);
    if (sub.voucherCode !== null) {
      const now = clock.now();
      const [change] = decide(sub, { type: 'voucher.cancelled' }, now);
      if (change?.kind === 'write') {
        await db.transaction().execute((trx) => writeChange(trx, sub, change, now));
      }
      deps.log.info({ event: 'billing.voucher_cancelled', userId }, 'voucher plan ended');
      return view(userId);
    }
    if (sub.planId === FREE_PLAN_ID || !sub.providerSubscriptionId) {
      throw new AppError(
        'NOTHING_TO_CANCEL',
        400,
        'You are on the free plan: there is nothing to cancel.',
      );
    }
    const provider = requireProvider(deps);
    const readAt = clock.now();
    const id = sub.providerSubscriptionId;
    const updated = await callProvider(deps, () => provider.cancelAtPeriodEnd(id));
    await applyProviderSubscription(deps, { sub: updated, readAt });
    return view(userId);
  };

  /**
   * Ends a paid plan at the provider now, because its account is being deleted: nothing more is
   * charged, and the provider credits the unused time. FREE and voucher plans have nothing there.
   */
  const endPaidPlanNow = async (userId: string): Promise<void> => {
    const sub = await findSubscription(db, userId);
    const id = sub?.providerSubscriptionId;
    if (!sub || !id || sub.planId === FREE_PLAN_ID || sub.voucherCode !== null) return;
    const provider = requireProvider(deps);
    await callProvider(deps, () => provider.cancelNow(id));
    deps.log.info(
      { event: 'billing.ended_for_deletion', userId },
      'paid plan ended at the provider',
    );
  };

  return { listPlans, getSubscription: view, history, redeemVoucher, cancel, endPaidPlanNow };
};
