import { register, type RegisterBody } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { storeTokens } from '../../../lib/session.ts';

const registerAccount = async (body: RegisterBody) => {
  storeTokens(await request(register, { body }));
};

export const useRegister = () => useMutation({ mutationFn: registerAccount });
