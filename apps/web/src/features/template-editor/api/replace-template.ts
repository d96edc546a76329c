import { replaceTemplatePdf } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateKeys } from './template-editor-query-keys.ts';

const sendReplacementPdf = ({ templateName, file }: { templateName: string; file: File }) => {
  const form = new FormData();
  form.append('file', file);
  return request(replaceTemplatePdf, { params: { templateName }, body: form });
};

/** product.md#states-and-transitions: after a replacement the template is loaded again. */
export const useReplaceTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReplacementPdf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
};
