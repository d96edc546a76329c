import type { Db } from '../../../db/tables.ts';
import { unauthorized } from '../../../lib/app-error.ts';
import { invalidVoucher, refusalError } from '../billing-errors.ts';
import { writeChange } from '../lifecycle/apply-changes.ts';
import { decide, voucherRefusal } from '../lifecycle/decide.ts';
import type { SubscriptionRecord } from '../lifecycle/subscription-record.ts';
import { findSubscription } from '../lifecycle/subscriptions.repository.ts';
import { insertRedemption, takeVoucherUse } from './vouchers.repository.ts';

/** A paid plan stands in the way of a voucher; one cancelled at period end says until when. */
export const refuseVoucher = (current: SubscriptionRecord) => {
  const refusal = voucherRefusal(current);
  if (refusal) throw refusalError(refusal);
};

/**
 * Redeems a voucher code for the account: one transaction under the subscription's lock, the
 * use, the redemption and the plan, as decide.ts says (a refusal rolls the use back). A second
 * redemption of one code by one account fails on the redemptions' unique key.
 */
export const redeemVoucherCode = async (db: Db, userId: string, code: string, now: Date) => {
  await db.transaction().execute(async (trx) => {
    const current = await findSubscription(trx, userId, { lock: true });
    if (!current) throw unauthorized();
    refuseVoucher(current);
    const voucher = await takeVoucherUse(trx, code, now.toISOString());
    if (!voucher) throw invalidVoucher();
    await insertRedemption(trx, { code, userId, now: now.toISOString() });
    const event = { type: 'voucher.redeemed', voucher: { code, ...voucher } } as const;
    for (const change of decide(current, event, now)) {
      if (change.kind === 'refuse') throw refusalError(change);
      if (change.kind === 'write') await writeChange(trx, current, change, now);
    }
  });
};
