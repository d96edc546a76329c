import { TEST_DOCUMENTS_PER_MINUTE, WEBHOOK_SENDS_PER_MINUTE } from '@platen/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/tables.ts';
import { countHit, removeHit } from './rate-limits.repository.ts';

export type RateRule = { name: string; limit: number; windowMinutes: number };

/** security.md §1, §6, §11: the attempt budgets of the account calls. */
export const rateRules = {
  loginPerEmail: { name: 'login:email', limit: 10, windowMinutes: 15 },
  loginPerIp: { name: 'login:ip', limit: 50, windowMinutes: 15 },
  registerPerIp: { name: 'register:ip', limit: 10, windowMinutes: 60 },
  resetRequestPerEmail: { name: 'reset-request:email', limit: 5, windowMinutes: 60 },
  resetRequestPerIp: { name: 'reset-request:ip', limit: 20, windowMinutes: 15 },
  resetSubmitPerIp: { name: 'reset-submit:ip', limit: 20, windowMinutes: 15 },
  confirmEmailPerUser: { name: 'confirm-email:user', limit: 10, windowMinutes: 15 },
  confirmEmailPerIp: { name: 'confirm-email:ip', limit: 30, windowMinutes: 15 },
  resendCodePerUser: { name: 'resend-code:user', limit: 5, windowMinutes: 60 },
  refreshPerIp: { name: 'refresh:ip', limit: 300, windowMinutes: 15 },
  deleteAccountPerUser: { name: 'delete-account:user', limit: 5, windowMinutes: 15 },
  // One export runs at a time; this bounds how often a finished one can be made again.
  accountExportPerUser: { name: 'account-export:user', limit: 5, windowMinutes: 60 },
  testDocumentsPerUser: {
    name: 'test-documents:user',
    limit: TEST_DOCUMENTS_PER_MINUTE,
    windowMinutes: 1,
  },
  // Each test event or resend is a delivery due at once, to a URL the account chose.
  webhookSendsPerUser: {
    name: 'webhook-sends:user',
    limit: WEBHOOK_SENDS_PER_MINUTE,
    windowMinutes: 1,
  },
} as const satisfies Record<string, RateRule>;

export type RateLimiter = {
  /** Counts an attempt; throws 429 (with Retry-After) once the budget of the window is spent. */
  consume: (rule: RateRule, subject: string) => Promise<void>;
  /** Gives an attempt back, e.g. after a successful login. */
  refund: (rule: RateRule, subject: string) => Promise<void>;
};

const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject}`;

export const createRateLimiter = (db: Db, clock: Clock): RateLimiter => ({
  consume: async (rule, subject) => {
    const now = clock.now();
    const windowMs = rule.windowMinutes * 60_000;
    const { hits, windowStart } = await countHit(db, {
      key: keyOf(rule, subject),
      now: now.toISOString(),
      windowFloor: new Date(now.getTime() - windowMs).toISOString(),
    });
    if (hits <= rule.limit) return;
    const retryAfterS = Math.max(
      1,
      Math.ceil((Date.parse(windowStart) + windowMs - now.getTime()) / 1000),
    );
    const minutes = Math.ceil(retryAfterS / 60);
    throw new AppError(
      'RATE_LIMITED',
      429,
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      // The limit that answered, not the route's per-key limit whose headers are already set.
      {
        'retry-after': String(retryAfterS),
        'x-ratelimit-limit': String(rule.limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(retryAfterS),
      },
    );
  },
  refund: (rule, subject) => removeHit(db, keyOf(rule, subject)),
});
