/**
 * Closed: calls go through. Open: calls are refused at once, for a cool-down. Half-open: the
 * cool-down is over and one call (the probe) goes through while the others are still refused;
 * its success closes the breaker, its failure opens it for another cool-down.
 */
type BreakerState = 'closed' | 'open' | 'half-open';

export type CircuitBreaker = {
  /** Whether a call may go out now; in half-open, true once (for the probe). */
  allows: () => boolean;
  succeeded: () => void;
  failed: (error: unknown) => void;
  state: () => BreakerState;
  /** Calls let through and calls refused since the breaker was made. */
  counts: () => { attempted: number; skipped: number };
};

/**
 * A breaker for a service that is only worth a call when it answers quickly. `onOpen` and
 * `onClose` run once per change between closed and open (a failed probe is the same outage), so
 * an outage is logged when it starts and when it ends, never per call.
 */
export const createCircuitBreaker = (opts: {
  coolDownMs: number;
  now?: () => number;
  onOpen: (error: unknown) => void;
  onClose: () => void;
}): CircuitBreaker => {
  const now = opts.now ?? Date.now;
  let state: BreakerState = 'closed';
  let openedAt = 0;
  let probing = false;
  let attempted = 0;
  let skipped = 0;

  const current = (): BreakerState =>
    state === 'open' && now() - openedAt >= opts.coolDownMs ? 'half-open' : state;

  return {
    allows: () => {
      const seen = current();
      if (seen === 'closed' || (seen === 'half-open' && !probing)) {
        if (seen === 'half-open') probing = true;
        attempted += 1;
        return true;
      }
      skipped += 1;
      return false;
    },
    succeeded: () => {
      probing = false;
      if (state === 'closed') return;
      state = 'closed';
      opts.onClose();
    },
    failed: (error) => {
      probing = false;
      openedAt = now();
      if (state === 'open') return;
      state = 'open';
      opts.onOpen(error);
    },
    state: current,
    counts: () => ({ attempted, skipped }),
  };
};
