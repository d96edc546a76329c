import type { DashboardResponse } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { catchUpSubscription, centsToEuros } from '../billing/index.ts';
import { findUserById } from '../users/index.ts';
import { countTemplates, listUsageMonths } from './dashboard.repository.ts';
import { daysUntil, lastMonths, monthOverMonth } from './dashboard-figures.ts';

export const createDashboardService = (deps: Deps) => {
  const getDashboard = async (userId: string): Promise<DashboardResponse> => {
    const user = await findUserById(deps.db, userId);
    if (!user) throw unauthorized();
    // The dashboard shows the cycle as it stands now: an ended one rolled over or renewed first.
    const { sub, plan } = await catchUpSubscription(deps, userId);
    const now = deps.clock.now();
    const usage = await listUsageMonths(deps.db, userId);
    const byMonth = new Map(usage.map((u) => [u.month, u.documents]));
    const categories = lastMonths(now, 12);
    const series = categories.map((month) => byMonth.get(month) ?? 0);
    const thisMonth = series.at(-1) ?? 0;
    const lastMonth = series.at(-2) ?? 0;
    // FREE never ends: its "subscription days" are those left in the billing cycle.
    const end = new Date(sub.endTime ?? sub.billingCycleEnd);
    return {
      documentsGenerated: usage.reduce((sum, u) => sum + u.documents, 0),
      remainingDocuments: Math.max(0, plan.monthlyLimit - sub.pdfsGeneratedThisMonth),
      remainingSubscriptionDays: daysUntil(end, now),
      usage: { categories, series },
      ...monthOverMonth(thisMonth, lastMonth),
      lastMonthGenerated: lastMonth,
      emailConfirmed: user.emailConfirmed,
      templatesAvailable: await countTemplates(deps.db, userId),
      price: centsToEuros(plan.priceCents),
      voucher: sub.voucherCode !== null,
    };
  };
  return { getDashboard };
};
