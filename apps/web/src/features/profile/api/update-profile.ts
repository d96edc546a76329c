import { updateProfile, type UpdateProfileBody } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

const saveProfile = (body: UpdateProfileBody) => request(updateProfile, { body });

/** Success reloads the page (product.md#states-and-transitions), so nothing is invalidated here. */
export const useUpdateProfile = () => useMutation({ mutationFn: saveProfile });
