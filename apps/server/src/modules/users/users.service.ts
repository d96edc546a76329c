import type {
  ChangePasswordBody,
  DeleteAccountBody,
  PictureResponse,
  ProfileResponse,
  UpdateProfileBody,
} from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import {
  checkConfirmationCode,
  hashPassword,
  revokeUserSessions,
  sendConfirmationCode,
  verifyPassword,
} from '../auth/index.ts';
import { createBillingService } from '../billing/index.ts';
import { jobFilesPrefix, listJobIdsOf } from '../jobs/index.ts';
import { accountDeletedMail } from '../mail/index.ts';
import { createTemplatesService } from '../templates/index.ts';
import { rateRules } from '../rate-limits/index.ts';
import { normalisePicture } from './picture.ts';
import { deleteUser, findUserById, updateUser, type User } from './users.repository.ts';

const alreadyConfirmed = () =>
  new AppError('EMAIL_ALREADY_CONFIRMED', 409, 'Your email address is already confirmed.');

export type SessionUser = { userId: string; sessionId: string };

const toProfile = (user: User): ProfileResponse => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  title: user.title,
  profilePic: user.profilePic,
  emailConfirmed: user.emailConfirmed,
});

export const createUsersService = (deps: Deps) => {
  const { db, clock, limiter, log } = deps;

  const getUser = async (userId: string): Promise<User> => {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return user;
  };

  const getProfile = async (userId: string) => toProfile(await getUser(userId));

  const getHeader = async (userId: string): Promise<PictureResponse> => {
    const { profilePic, firstName, lastName } = await getUser(userId);
    return { profilePic, firstName, lastName };
  };

  const updateProfile = async (userId: string, body: UpdateProfileBody) => {
    await getUser(userId);
    await updateUser(db, userId, body, clock.now().toISOString());
    return getProfile(userId);
  };

  /** Needs the current password; every other session of the user is signed out. */
  const changePassword = async (session: SessionUser, body: ChangePasswordBody) => {
    const user = await getUser(session.userId);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw new AppError('WRONG_PASSWORD', 400, 'Your current password is not correct.');
    }
    const now = clock.now().toISOString();
    await updateUser(db, user.id, { passwordHash: await hashPassword(body.newPassword) }, now);
    await revokeUserSessions(db, { userId: user.id, now, keepSessionId: session.sessionId });
    log.info({ event: 'password.changed', userId: user.id }, 'password changed');
  };

  const uploadPicture = async (userId: string, file: Buffer) => {
    await getUser(userId);
    const png = await normalisePicture(file);
    await updateUser(db, userId, { profilePic: png.toString('base64') }, clock.now().toISOString());
  };

  const confirmEmail = async (userId: string, code: string, ip: string) => {
    await limiter.consume(rateRules.confirmEmailPerIp, ip);
    await limiter.consume(rateRules.confirmEmailPerUser, userId);
    const user = await getUser(userId);
    if (user.emailConfirmed) throw alreadyConfirmed();
    await checkConfirmationCode(deps, userId, code);
    await updateUser(db, userId, { emailConfirmed: true }, clock.now().toISOString());
    log.info({ event: 'email.confirmed', userId }, 'email confirmed');
  };

  const resendConfirmationCode = async (userId: string) => {
    const user = await getUser(userId);
    if (user.emailConfirmed) throw alreadyConfirmed();
    await limiter.consume(rateRules.resendCodePerUser, userId);
    await sendConfirmationCode(deps, user);
  };

  /**
   * Deletes the account for good (GDPR art. 17), once its password is given again: a paid plan
   * is ended at the provider first (a failure there stops the deletion, so nothing is charged
   * for an account that no longer exists), then every row of the account goes in one statement
   * and its cascade, and the stored PDFs and pictures of its template versions that no other
   * version shares, and the files of its jobs (batch results, data exports) in the result store.
   * Sessions and the API key are rows too, so they stop working at once on every
   * instance; the e-mail address can register again.
   */
  const deleteAccount = async (userId: string, body: DeleteAccountBody) => {
    await limiter.consume(rateRules.deleteAccountPerUser, userId);
    const user = await getUser(userId);
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw new AppError('WRONG_PASSWORD', 400, 'Your password is not correct.');
    }
    await createBillingService(deps).endPaidPlanNow(userId);
    const jobIds = await listJobIdsOf(db, userId);
    const deleted = await createTemplatesService(deps).removeAllOf(userId, () =>
      deleteUser(db, userId, clock.now().toISOString()),
    );
    if (!deleted) throw unauthorized();
    // After the rows: a job still running then finds its row gone and removes what it wrote.
    for (const id of jobIds) {
      await deps.results.removeUnder(jobFilesPrefix(id)).catch((error: unknown) => {
        log.error({ err: error, event: 'account.job_files_left', userId, jobId: id }, 'files left');
      });
    }
    log.info({ event: 'account.deleted', userId }, 'account deleted');
    await deps.mailer
      .send(accountDeletedMail({ to: user.email, firstName: user.firstName }))
      .catch((error: unknown) => {
        log.warn({ err: error, event: 'account.deleted_mail_failed', userId }, 'mail not sent');
      });
  };

  return {
    deleteAccount,
    getProfile,
    getHeader,
    updateProfile,
    changePassword,
    uploadPicture,
    confirmEmail,
    resendConfirmationCode,
  };
};
