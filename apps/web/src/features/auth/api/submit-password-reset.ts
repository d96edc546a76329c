import { submitPasswordReset, type ResetSubmitBody } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { storeTokens } from '../../../lib/session.ts';

const resetPassword = async (body: ResetSubmitBody) => {
  storeTokens(await request(submitPasswordReset, { body }));
};

export const useSubmitPasswordReset = () => useMutation({ mutationFn: resetPassword });
