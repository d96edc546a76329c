import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { VoucherOrder } from './voucher-admin.ts';

const USAGE = `Usage: npm run voucher -- create --plan <TYPE> --days <N> [--uses <N>] [--expires <date>]

  --plan     a paid plan's type, e.g. PRO
  --days     how long the plan lasts once redeemed
  --uses     how many accounts may redeem the code (default 1)
  --expires  last day the code can be redeemed (ISO date, e.g. 2026-12-31)

Uses the server's DATA_DIR or DATABASE_URL, so run it with the same environment.`;

const optionsSchema = z.object({
  plan: z.string().min(1),
  days: z.coerce.number().int().min(1).max(3660),
  uses: z.coerce.number().int().min(1).max(1_000_000).default(1),
  expires: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'must be an ISO date such as 2026-12-31')
    .optional(),
});

/** Parses `create --plan … --days …`; a date without a time means the end of that day (UTC). */
export const parseVoucherCommand = (args: string[]): VoucherOrder => {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      plan: { type: 'string' },
      days: { type: 'string' },
      uses: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  if (positionals[0] !== 'create') throw new Error(USAGE);
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    throw new Error(`${problems.join('\n')}\n\n${USAGE}`);
  }
  const { plan, days, uses, expires } = parsed.data;
  const expiresAt =
    expires && new Date(expires.length === 10 ? `${expires}T23:59:59.999Z` : expires);
  if (expiresAt && Number.isNaN(expiresAt.getTime()))
    throw new Error(`--expires: not a date\n\n${USAGE}`);
  return { plan, days, uses, expiresAt: expiresAt || undefined };
};
