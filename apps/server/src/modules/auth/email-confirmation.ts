import { randomInt } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes } from '../../lib/clock.ts';
import { keyedHash } from '../../lib/secrets.ts';
import { confirmationCodeMail } from '../mail/index.ts';
import type { User } from '../users/index.ts';
import { countWrongEmailCode, replaceEmailCode, useEmailCode } from './email-codes.repository.ts';

/** security.md §11: codes expire within 15 minutes and burn after 5 wrong tries. */
const CONFIRMATION_CODE_MINUTES = 15;
const CONFIRMATION_CODE_ATTEMPTS = 5;

// Six characters like ABC123, without look-alikes (0/O, 1/I) so a code read aloud is typed right.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

// Binding the hash to the user means a code only ever confirms the account it was sent to.
const codeHash = (deps: Pick<Deps, 'secrets'>, userId: string, code: string) =>
  keyedHash(deps.secrets.hashKey, `${userId}:${code.trim().toUpperCase()}`);

export const sendConfirmationCode = async (
  deps: Deps,
  user: Pick<User, 'id' | 'email' | 'firstName'>,
): Promise<void> => {
  const code = newCode();
  const now = deps.clock.now();
  await replaceEmailCode(deps.db, {
    codeHash: codeHash(deps, user.id, code),
    userId: user.id,
    purpose: 'email_confirmation',
    now: now.toISOString(),
    expiresAt: addMinutes(now, CONFIRMATION_CODE_MINUTES).toISOString(),
  });
  const mail = confirmationCodeMail({
    to: user.email,
    firstName: user.firstName,
    code,
    validMinutes: CONFIRMATION_CODE_MINUTES,
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    // The account is fine without the mail; the user can ask for a new code.
    deps.log.error({ event: 'mail.failed', err: error, userId: user.id }, 'code mail not sent');
  }
};

export const checkConfirmationCode = async (deps: Deps, userId: string, code: string) => {
  const now = deps.clock.now().toISOString();
  const usedBy = await useEmailCode(deps.db, {
    codeHash: codeHash(deps, userId, code),
    purpose: 'email_confirmation',
    now,
    userId,
  });
  if (usedBy) return;
  await countWrongEmailCode(deps.db, {
    userId,
    purpose: 'email_confirmation',
    now,
    maxAttempts: CONFIRMATION_CODE_ATTEMPTS,
  });
  throw new AppError(
    'CONFIRMATION_CODE_INVALID',
    400,
    'This code is not valid or has expired. Check it, or ask for a new one.',
  );
};
