import { getTemplate } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { preloadPdfJs } from '../pdf/load-pdf.ts';
import { markTemplateData } from '../pdf/paint-marks.ts';
import { templateKeys } from './keys.ts';

export const fetchTemplate = async (templateName: string, signal?: AbortSignal) => {
  preloadPdfJs();
  const template = await request(getTemplate, { params: { templateName }, signal });
  markTemplateData();
  return template;
};

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
