import { randomUUID } from 'node:crypto';
import type {
  LoginBody,
  RegisterBody,
  ResetRequestBody,
  ResetSubmitBody,
  TokenPair,
} from '@platen/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { addMinutes } from '../../lib/clock.ts';
import { keyedHash, randomToken } from '../../lib/secrets.ts';
import { createApiKey } from '../api-keys/index.ts';
import { insertFreeSubscription } from '../billing/index.ts';
import { passwordResetMail } from '../mail/index.ts';
import { rateRules } from '../rate-limits/index.ts';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/index.ts';
import { sendConfirmationCode } from './email-confirmation.ts';
import { replaceEmailCode, useEmailCode } from './email-codes.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { issueTokenPair, startSession } from './session-tokens.ts';
import {
  findRefreshTokenSession,
  revokeSession,
  revokeUserSessions,
  useRefreshToken,
} from './sessions.repository.ts';

/** security.md §9: reset links expire; 30 minutes leaves time to find the mail. */
const RESET_CODE_MINUTES = 30;

export const RESET_REQUEST_MESSAGE =
  'If an account with that email exists, you will receive a password reset link shortly.';

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 401, 'Incorrect email or password.');

export const createAuthService = (deps: Deps) => {
  const { db, clock, limiter, log } = deps;

  const register = async (body: RegisterBody, ip: string): Promise<TokenPair> => {
    await limiter.consume(rateRules.registerPerIp, ip);
    const user = {
      id: randomUUID(),
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash: await hashPassword(body.password),
    };
    const now = clock.now();
    try {
      // The account, its API key and its FREE subscription exist together or not at all.
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, user, now.toISOString());
        await createApiKey({ ...deps, db: trx }, user.id);
        await insertFreeSubscription(trx, user.id, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('EMAIL_TAKEN', 409, 'An account with this email already exists.');
      }
      throw error;
    }
    log.info({ event: 'user.registered', userId: user.id }, 'account created');
    await sendConfirmationCode(deps, user);
    return startSession(deps, user);
  };

  const login = async (body: LoginBody, ip: string): Promise<TokenPair> => {
    await limiter.consume(rateRules.loginPerIp, ip);
    await limiter.consume(rateRules.loginPerEmail, body.email);
    const user = await findUserByEmail(db, body.email);
    const isValid = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !isValid) {
      log.info({ event: 'login.failed', userId: user?.id, ip }, 'failed login');
      throw invalidCredentials();
    }
    await limiter.refund(rateRules.loginPerIp, ip);
    await limiter.refund(rateRules.loginPerEmail, body.email);
    log.info({ event: 'login.succeeded', userId: user.id, ip }, 'signed in');
    return startSession(deps, user);
  };

  /**
   * Rotates a refresh token. Presenting one that was already used means it was copied: the whole
   * session is revoked, so the thief and the owner both have to sign in again.
   */
  const refresh = async (refreshToken: string, ip: string): Promise<TokenPair> => {
    await limiter.consume(rateRules.refreshPerIp, ip);
    const tokenHash = keyedHash(deps.secrets.hashKey, refreshToken);
    const now = clock.now().toISOString();
    const session = await useRefreshToken(db, tokenHash, now);
    if (!session) {
      const reusedSessionId = await findRefreshTokenSession(db, tokenHash);
      if (reusedSessionId) {
        await revokeSession(db, reusedSessionId, now);
        log.warn({ event: 'refresh.reused', sessionId: reusedSessionId }, 'refresh token reused');
      }
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    const user = await findUserById(db, session.userId);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.');
    return issueTokenPair(deps, user, session.sessionId);
  };

  const logout = async (refreshToken: string): Promise<void> => {
    const sessionId = await findRefreshTokenSession(
      db,
      keyedHash(deps.secrets.hashKey, refreshToken),
    );
    if (sessionId) await revokeSession(db, sessionId, clock.now().toISOString());
  };

  /** Answers the same whether or not the account exists (security.md §6). */
  const requestPasswordReset = async (body: ResetRequestBody, ip: string): Promise<void> => {
    await limiter.consume(rateRules.resetRequestPerIp, ip);
    await limiter.consume(rateRules.resetRequestPerEmail, body.email);
    const user = await findUserByEmail(db, body.email);
    if (!user) return;
    const code = randomToken(32);
    const now = clock.now();
    await replaceEmailCode(db, {
      codeHash: keyedHash(deps.secrets.hashKey, code),
      userId: user.id,
      purpose: 'password_reset',
      now: now.toISOString(),
      expiresAt: addMinutes(now, RESET_CODE_MINUTES).toISOString(),
    });
    // The link is built from APP_URL, never from the request's Host header.
    const link = `${deps.config.appUrl}/reset-password?code=${encodeURIComponent(code)}`;
    const mail = passwordResetMail({
      to: user.email,
      firstName: user.firstName,
      link,
      validMinutes: RESET_CODE_MINUTES,
    });
    // Not awaited: a slow mail server must not make known addresses answer slower than unknown ones.
    deps.mailer.send(mail).catch((error: unknown) => {
      log.error({ event: 'mail.failed', err: error, userId: user.id }, 'reset mail not sent');
    });
    log.info({ event: 'password.reset_requested', userId: user.id }, 'reset link sent');
  };

  /** Uses the code once, sets the password, ends every session, and signs in afresh. */
  const submitPasswordReset = async (body: ResetSubmitBody, ip: string): Promise<TokenPair> => {
    await limiter.consume(rateRules.resetSubmitPerIp, ip);
    const now = clock.now().toISOString();
    const userId = await useEmailCode(db, {
      codeHash: keyedHash(deps.secrets.hashKey, body.confirmLink),
      purpose: 'password_reset',
      now,
    });
    const user = userId && (await findUserById(db, userId));
    if (!user) {
      throw new AppError(
        'RESET_CODE_INVALID',
        400,
        'This reset link is invalid or has expired. Please request a new one.',
      );
    }
    await updateUser(db, user.id, { passwordHash: await hashPassword(body.password) }, now);
    await revokeUserSessions(db, { userId: user.id, now });
    log.info({ event: 'password.reset', userId: user.id }, 'password reset');
    return startSession(deps, user);
  };

  return { register, login, refresh, logout, requestPasswordReset, submitPasswordReset };
};
