import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** A 4xx will not change by asking again; network failures and 5xx get two more tries. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

/**
 * Queries show failures through the generic handler; mutations handle their own errors (each
 * screen has its dialog titles, product.md#errors) unless they opt in with `meta: { genericError: true }`.
 */
export const createQueryClient = (onError: (error: unknown) => void) =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return; // the session has ended already
        onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.genericError === true) onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
