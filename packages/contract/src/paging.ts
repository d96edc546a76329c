import { z } from 'zod';

/**
 * One paging convention for every list that grows (templates, versions, jobs, deliveries):
 * `page` counts from 1, `pageSize` is at most MAX_PAGE_SIZE, and the answer says `page`,
 * `pageSize` and `total` (items in the whole list). Why pages rather than cursors, and the
 * deprecated spellings still read, are in the README ("Lists").
 */
export const MAX_PAGE_SIZE = 100;

const PAGE_LIMIT = 100_000;

const pageNumber = z.coerce
  .number()
  .int()
  .min(1, { error: 'page counts from 1.' })
  .max(PAGE_LIMIT, { error: `page is at most ${PAGE_LIMIT}.` });

/** A `pageSize` of at most MAX_PAGE_SIZE: more is refused (400), never cut down silently. */
export const pageSizeParam = (what: string) =>
  z.coerce
    .number()
    .int()
    .min(1, { error: 'pageSize is at least 1.' })
    .max(MAX_PAGE_SIZE, { error: `A page holds at most ${MAX_PAGE_SIZE} ${what}.` });

/** The query of a paged list; `defaultSize` is what a list sends when `pageSize` is left out. */
export const pageQuery = (what: string, defaultSize: number) =>
  z.object({
    page: pageNumber.default(1),
    pageSize: pageSizeParam(what).default(defaultSize),
  });

/** What every paged answer says beside its items. */
export const pageInfo = {
  /** The page answered, from 1. */
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Items in the whole list, on every page. */
  total: z.number().int(),
};

/** Rows to skip for a page. */
export const offsetOf = (page: { page: number; pageSize: number }) =>
  (page.page - 1) * page.pageSize;
