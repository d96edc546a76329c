import { DEFAULT_PAGE_SIZE, listTemplates } from '@platen/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { templateListKeys } from './templates-query-keys.ts';

/**
 * One page of templates, counted from one as on the wire and in the URL (the API's paging
 * convention, README "Lists"). The size starts at product.md#constants's 4 and follows the server's
 * pageSize once known.
 */
const fetchTemplatePage = (page: number, pageSize: number, signal?: AbortSignal) => {
  // The contract's query schema is not part of the path; build the query string here.
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return request(
    { ...listTemplates, path: `${listTemplates.path}?${search.toString()}` },
    { signal },
  );
};

const templatePageQuery = (page: number, size = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: templateListKeys.page(page, size),
    queryFn: ({ signal }) => fetchTemplatePage(page, size, signal),
    placeholderData: keepPreviousData,
  });

export const useTemplatePage = (page: number, size?: number) =>
  useQuery(templatePageQuery(page, size));
