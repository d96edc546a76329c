import { renameTemplate, type TemplateResponse } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

export const sendNewName = ({ templateName, name }: { templateName: string; name: string }) =>
  request(renameTemplate, { params: { templateName }, body: { name } });

export const useRenameTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewName,
    onSuccess: (renamed, { templateName }) => {
      // The editor stays open under the new name, unsaved work included: the new URL starts from
      // the template already shown instead of a loading screen, while it is fetched again.
      const shown = queryClient.getQueryData<TemplateResponse>(templateKeys.detail(templateName));
      if (shown) {
        queryClient.setQueryData<TemplateResponse>(templateKeys.detail(renamed.templateName), {
          ...shown,
          templateName: renamed.templateName,
        });
      }
      return queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
};
