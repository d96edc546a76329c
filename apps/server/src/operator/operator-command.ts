import { parseArgs } from 'node:util';
import { z } from 'zod';

const USAGE = `Usage: npm run platen -- <command>

  account:show <email>                            the account's plan and documents this cycle
  account:set-plan <email> --plan <TYPE> --days <N>
                                                  puts the account on a paid plan for N days, as a
                                                  one-use voucher redeemed for it would
  account:set-usage <email> <documents>           sets the documents counted this cycle
  jobs:list [--status <s,…>] [--limit <N>]        jobs, newest first (default: queued and running);
                                                  statuses: queued, running, succeeded, failed, canceled

Uses the server's DATA_DIR or DATABASE_URL, so run it with the same environment. Prints JSON.`;

const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

const email = z.string().trim().toLowerCase().email('must be an e-mail address');

export type OperatorCommand =
  | { name: 'account:show'; email: string }
  | { name: 'account:set-plan'; email: string; plan: string; days: number }
  | { name: 'account:set-usage'; email: string; documents: number }
  | { name: 'jobs:list'; statuses: (typeof JOB_STATUSES)[number][]; limit: number };

const schemas = {
  'account:show': z.object({ email }),
  'account:set-plan': z.object({
    email,
    plan: z.string().min(1, 'is required'),
    days: z.coerce.number().int().min(1).max(3660),
  }),
  'account:set-usage': z.object({
    email,
    documents: z.coerce.number().int().min(0).max(100_000_000),
  }),
  'jobs:list': z.object({
    statuses: z.array(z.enum(JOB_STATUSES)).min(1),
    limit: z.coerce.number().int().min(1).max(1000),
  }),
};

/** Reads one operator command from the arguments after `npm run platen --`. */
export const parseOperatorCommand = (args: string[]): OperatorCommand => {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      plan: { type: 'string' },
      days: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
    },
  });
  const [name, ...rest] = positionals;
  const input: Record<string, unknown> = {
    email: rest[0],
    documents: rest[1],
    plan: values.plan,
    days: values.days,
    statuses: (values.status ?? 'queued,running').split(',').map((s) => s.trim()),
    limit: values.limit ?? '50',
  };
  if (!name || !(name in schemas)) throw new Error(USAGE);
  const parsed = schemas[name as keyof typeof schemas].safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || name}: ${issue.message}`,
    );
    throw new Error(`${problems.join('\n')}\n\n${USAGE}`);
  }
  return { name, ...parsed.data } as OperatorCommand;
};
