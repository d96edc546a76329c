import type { Deps } from '../../deps.ts';
import { logPlanExpired } from './subscription-state.ts';
import { reserveDocument, type Reservation } from './usage.repository.ts';

/**
 * Counts one generated document (reserveDocument) and logs a plan the clock ended on the way,
 * since catching up with the clock may happen here first rather than on a read.
 */
export const countDocument = async (
  deps: Pick<Deps, 'db' | 'log'>,
  userId: string,
  now: Date,
): Promise<Reservation> => {
  const { expired, ...reservation } = await reserveDocument(deps.db, userId, now);
  if (expired) logPlanExpired(deps, expired);
  return reservation;
};
