import type { Db } from '../db/tables.ts';
import { AppError } from '../lib/app-error.ts';
import { billingSummary, grantPlan, setDocumentsUsed } from '../modules/billing/index.ts';
import { listJobsForOperator } from '../modules/jobs/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';
import type { OperatorCommand } from './operator-command.ts';

const accountOf = async (db: Db, email: string) => {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`There is no account with the e-mail ${email}.`);
  return user;
};

/** Runs the command and answers what it shows or what the account looks like after it. */
export const runOperatorCommand = async (
  db: Db,
  command: OperatorCommand,
  now: Date,
): Promise<unknown> => {
  if (command.name === 'jobs:list') return listJobsForOperator(db, command);
  const user = await accountOf(db, command.email);
  try {
    if (command.name === 'account:set-plan') await grantPlan(db, user.id, command, now);
    if (command.name === 'account:set-usage') {
      await setDocumentsUsed(db, user.id, command.documents, now);
    }
  } catch (error) {
    // The product's own refusal (a paid plan in the way) says why in its message.
    if (error instanceof AppError) throw new Error(error.message);
    throw error;
  }
  return { email: user.email, ...(await billingSummary(db, user.id)) };
};
