import { getTemplate } from '@platen/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../lib/api-client.ts';
import { preloadPdfJs } from '../pdf/load-pdf.ts';
import { markTemplateData } from '../pdf/paint-marks.ts';
import type { EditorStore } from '../model/editor-store.ts';
import { templateKeys } from './template-editor-query-keys.ts';
import { toDocument } from './to-save-request.ts';

const fetchTemplate = async (templateName: string, signal?: AbortSignal) => {
  preloadPdfJs();
  const template = await request(getTemplate, { params: { templateName }, signal });
  markTemplateData();
  return template;
};

const templateQuery = (templateName: string) =>
  queryOptions({
    queryKey: templateKeys.detail(templateName),
    queryFn: ({ signal }) => fetchTemplate(templateName, signal),
    // The editor holds unsaved work; a background refetch must never replace it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useTemplate = (templateName: string) => useQuery(templateQuery(templateName));

/**
 * Fetches the template again and shows it in the editor, dropping the editor's work (the user
 * chose to see a draft saved elsewhere).
 */
export const useReloadTemplate = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (templateName: string, store: EditorStore) => {
      const fresh = await queryClient.fetchQuery({ ...templateQuery(templateName), staleTime: 0 });
      store.reset(toDocument(fresh));
    },
    [queryClient],
  );
};
