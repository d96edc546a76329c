import type { ResultStore } from '../jobs/index.ts';

/** How long a readiness probe waits for the store before it says the store is unavailable. */
const PROBE_TIMEOUT_MS = 1_000;

/** A key no result has: reading it costs the store one request that finds nothing. */
const PROBE_KEY = 'health/probe';

/**
 * Whether the result store answers, for `/readyz`: a read of a key that does not exist, given up
 * on after a second (the store's own timeouts end the request later). Probes that arrive while
 * one is under way share its answer, so a store that hangs is never asked more than once at a
 * time however often load balancers ask.
 */
export const createStoreProbe = (store: ResultStore) => {
  let pending: Promise<'ok' | 'unavailable'> | undefined;
  const probe = async (): Promise<'ok' | 'unavailable'> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'unavailable'>((resolve) => {
      timer = setTimeout(() => resolve('unavailable'), PROBE_TIMEOUT_MS);
    });
    const read = store.read(PROBE_KEY).then(
      async (found) => {
        found?.stream.destroy();
        return 'ok' as const;
      },
      () => 'unavailable' as const,
    );
    try {
      return await Promise.race([read, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    pending ??= probe().finally(() => {
      pending = undefined;
    });
    return pending;
  };
};
