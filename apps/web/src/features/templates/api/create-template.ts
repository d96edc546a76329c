import { createTemplate } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateListKeys } from './templates-query-keys.ts';

type NewTemplate = { templateName: string; templateDescription: string; file: File };

const uploadTemplate = ({ templateName, templateDescription, file }: NewTemplate) => {
  const form = new FormData();
  form.append('templateName', templateName);
  form.append('templateDescription', templateDescription);
  form.append('file', file);
  return request(createTemplate, { body: form });
};

export const useCreateTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateListKeys.all }),
  });
};
