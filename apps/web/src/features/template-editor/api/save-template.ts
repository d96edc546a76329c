import { saveTemplate, type SaveTemplateBody } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateKeys } from './template-editor-query-keys.ts';

const sendTemplate = (body: SaveTemplateBody) => request(saveTemplate, { body });

/** A saved template replaces the cached one (product.md#states-and-transitions: the editor reloads it) and the list. */
export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTemplate,
    onSuccess: async (saved) => {
      queryClient.setQueryData(templateKeys.detail(saved.templateName), saved);
      await queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] });
    },
  });
};
