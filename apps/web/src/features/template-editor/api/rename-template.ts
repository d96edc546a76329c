import { renameTemplate, type TemplateResponse } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { forgetTemplateOnceUnused } from './forget-template.ts';
import { templateKeys } from './template-editor-query-keys.ts';

const sendNewName = ({ templateName, name }: { templateName: string; name: string }) =>
  request(renameTemplate, { params: { templateName }, body: { name } });

export const useRenameTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewName,
    onSuccess: (renamed, { templateName }) => {
      // The editor stays open under the new name, unsaved work included: the new URL starts from
      // the template already shown instead of a loading screen, while it is fetched again.
      const newKey = templateKeys.detail(renamed.templateName);
      const shown = queryClient.getQueryData<TemplateResponse>(templateKeys.detail(templateName));
      if (shown) {
        // The rename took the draft's next revision: the editor saves on from that one.
        queryClient.setQueryData<TemplateResponse>(newKey, {
          ...shown,
          templateName: renamed.templateName,
          revision: shown.revision + 1,
        });
      }
      // Never the old name's query: it still backs the screen until the app moves to the new URL.
      forgetTemplateOnceUnused(queryClient, templateName);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: newKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] }),
      ]);
    },
  });
};
