import type { Deps } from '../../deps.ts';
import { catchUpWithClock } from './lifecycle/apply-changes.ts';
import {
  type CurrentSubscription,
  logPlanExpired,
  readSubscription,
} from './lifecycle/subscription-state.ts';
import { renewAtProvider } from './payments/provider-events.ts';

/**
 * Brings the subscription up to date, a write named as one: the clock's changes applied
 * (decide.ts), and a paid plan past its period handed to its provider to renew
 * (payment-provider.ts `renewIfDue`); then answers it as it stands. Reads (readSubscription)
 * never write, so a caller that must show or act on the renewed state runs this instead. Each
 * change is conditional (a compare-and-set, or an event id applied once), so any number of
 * instances may run this at once.
 */
export const catchUpSubscription = async (
  deps: Deps,
  userId: string,
): Promise<CurrentSubscription> => {
  const now = deps.clock.now();
  const { expired, renewalDue } = await catchUpWithClock(deps.db, userId, now);
  if (expired) logPlanExpired(deps, expired);
  if (renewalDue) await renewAtProvider(deps, renewalDue, now);
  return readSubscription(deps.db, userId);
};
