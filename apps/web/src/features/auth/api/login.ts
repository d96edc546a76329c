import { login, type LoginBody } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { storeTokens } from '../../../lib/session.ts';

const loginWithPassword = async (body: LoginBody) => {
  storeTokens(await request(login, { body }));
};

export const useLogin = () => useMutation({ mutationFn: loginWithPassword });
