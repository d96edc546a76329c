import { changePassword, type ChangePasswordBody } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-query-keys.ts';

const submitPasswordChange = (body: ChangePasswordBody) => request(changePassword, { body });

/** product.md#states-and-transitions: a successful change refetches the profile. */
export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPasswordChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
  });
};
