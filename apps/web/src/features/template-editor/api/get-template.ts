import { getTemplate } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

export const fetchTemplate = (templateName: string, signal?: AbortSignal) =>
  request(getTemplate, { params: { templateName }, signal });

export const templateQuery = (templateName: string) =>
  queryOptions({
    queryKey: templateKeys.detail(templateName),
    queryFn: ({ signal }) => fetchTemplate(templateName, signal),
    // The editor holds unsaved work; a background refetch must never replace it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useTemplate = (templateName: string) => useQuery(templateQuery(templateName));
