import { deleteTemplate } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { forgetTemplateOnceUnused } from './forget-template.ts';
import { templateKeys } from './template-editor-query-keys.ts';

const removeTemplate = (templateName: string) =>
  request(deleteTemplate, { params: { templateName } });

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTemplate,
    onSuccess: (_answer, templateName) => {
      forgetTemplateOnceUnused(queryClient, templateName);
      return queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] });
    },
  });
};
