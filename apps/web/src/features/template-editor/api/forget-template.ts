import type { QueryClient } from '@tanstack/react-query';
import { templateKeys } from './template-editor-query-keys.ts';

/**
 * Drops the cached detail of a template that was renamed or deleted, once no screen shows it.
 * Removing or invalidating it while the editor still shows it (behind the success dialog, before
 * the app moves on) would fetch the old name again and answer TEMPLATE_NOT_FOUND; keeping it
 * would show its stale data to a template created later under the same name.
 */
export const forgetTemplateOnceUnused = (queryClient: QueryClient, templateName: string) => {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey: templateKeys.detail(templateName), exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved') return;
    if (query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
};
