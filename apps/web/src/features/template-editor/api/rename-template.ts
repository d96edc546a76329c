import { renameTemplate } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

export const sendNewName = ({ templateName, name }: { templateName: string; name: string }) =>
  request(renameTemplate, { params: { templateName }, body: { name } });

export const useRenameTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
};
