import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import { route } from '../../plugins/route.ts';
import { createUsersService } from './users.service.ts';

/** The signed-in user's own account. Registered inside the session guard. */
export const usersRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const users = createUsersService(opts.deps);

  route(app, contract.getProfile, (req) => users.getProfile(req.auth.userId));
  route(app, contract.updateProfile, (req) => users.updateProfile(req.auth.userId, req.body));
  route(app, contract.getPicture, (req) => users.getHeader(req.auth.userId));
  route(app, contract.changePassword, async (req) => {
    await users.changePassword(req.auth, req.body);
    return { message: 'Your password has been changed.' };
  });
  route(app, contract.uploadPicture, async (req) => {
    const { file } = await readMultipartForm(req, { fileField: 'file', fields: [] });
    if (!file) throw new AppError('VALIDATION_ERROR', 400, 'Please choose a picture to upload.');
    await users.uploadPicture(req.auth.userId, file.data);
    return { message: 'Your picture has been updated.' };
  });
  route(app, contract.deleteAccount, async (req) => {
    await users.deleteAccount(req.auth.userId, req.body);
    return { message: 'Your account has been deleted.' };
  });
  route(app, contract.confirmEmail, async (req) => {
    await users.confirmEmail(req.auth.userId, req.body.code, req.ip);
    return { message: 'Your email address is confirmed.' };
  });
  route(app, contract.resendEmailCode, async (req) => {
    await users.resendConfirmationCode(req.auth.userId);
    return { message: 'A new code is on its way to your inbox.' };
  });
};
