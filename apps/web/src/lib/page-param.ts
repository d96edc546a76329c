/** The query parameter holding a list's page, one-based as the user sees it (conventions.md#conventions). */
const PAGE_PARAM = 'page';

/** The page a URL asks for: a whole number from 1, or 1 for anything else. */
export const readPageParam = (params: URLSearchParams): number => {
  const value = params.get(PAGE_PARAM);
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && Number.isSafeInteger(page) ? page : 1;
};

/** The URL parameters for a page: page 1 is the plain URL. */
export const withPageParam = (params: URLSearchParams, page: number): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return next;
};
