import { deleteAccount, type DeleteAccountBody } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

const submitAccountDeletion = (body: DeleteAccountBody) => request(deleteAccount, { body });

export const useDeleteAccount = () => useMutation({ mutationFn: submitAccountDeletion });
