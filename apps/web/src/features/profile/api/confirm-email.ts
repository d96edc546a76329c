import { confirmEmail, type ConfirmEmailBody } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-query-keys.ts';

const sendEmailCode = (body: ConfirmEmailBody) => request(confirmEmail, { body });

/** product.md#states-and-transitions: after a confirmed code the profile is refetched and shows as verified. */
export const useConfirmEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmailCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
  });
};
