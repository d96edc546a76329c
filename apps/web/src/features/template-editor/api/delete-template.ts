import { deleteTemplate } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

export const removeTemplate = (templateName: string) =>
  request(deleteTemplate, { params: { templateName } });

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTemplate,
    onSuccess: (_answer, templateName) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(templateName) });
      return queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] });
    },
  });
};
