import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';

/**
 * The longest a request may hold the event loop of an in-process app. A hostile input that makes
 * the server do super-linear work holds it for seconds; a healthy request for a few milliseconds,
 * and a loaded machine adds tens.
 */
export const EVENT_LOOP_DELAY_BOUND_MS = 200;

/** Resolution of the delay monitor, in milliseconds: it samples the loop this often. */
const RESOLUTION_MS = 10;

/**
 * The longest the event loop was held while `work` ran, in milliseconds, measured with
 * `monitorEventLoopDelay`. The work's own duration does not count: waiting for the database, a
 * worker thread or the network leaves the loop free.
 */
export const longestEventLoopDelay = async <T>(
  work: () => Promise<T>,
): Promise<{ delayMs: number; result: T }> => {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  try {
    // The monitor's first tick only starts its clock: a block before it would go unrecorded.
    await pause(RESOLUTION_MS * 2);
    const result = await work();
    // A block that ended just before the work resolved is recorded when the monitor's timer next
    // fires, which happens in a later turn of the loop than the work's promise.
    await pause(RESOLUTION_MS * 2);
    return { delayMs: histogram.max / 1e6, result };
  } finally {
    histogram.disable();
  }
};

/**
 * Runs `work` and, when it held the loop past the bound, once more: a request that is really
 * super-linear is over the bound twice, a pause of the machine (a collection, another process)
 * rarely is.
 */
export const eventLoopDelayOf = async <T>(
  work: () => Promise<T>,
): Promise<{ delayMs: number; result: T }> => {
  const first = await longestEventLoopDelay(work);
  if (first.delayMs <= EVENT_LOOP_DELAY_BOUND_MS) return first;
  return longestEventLoopDelay(work);
};
