import { requestPasswordReset, type ResetRequestBody } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

const askForPasswordReset = (body: ResetRequestBody) => request(requestPasswordReset, { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: askForPasswordReset });
