import { resendEmailCode } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

const askForNewEmailCode = () => request(resendEmailCode);

export const useResendEmailCode = () => useMutation({ mutationFn: askForNewEmailCode });
