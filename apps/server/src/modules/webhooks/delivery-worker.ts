import { randomUUID } from 'node:crypto';
import { type DeliveryDeps, leaseMs, makeTry } from './delivery-try.ts';
import { claimDelivery, listDueDeliveries } from './webhooks.repository.ts';

/**
 * Tries of one endpoint under way at once. A receiver that is slow or never answers holds these
 * and nothing else: other endpoints' deliveries are claimed and sent meanwhile.
 */
const TRIES_PER_ENDPOINT = 2;

/** Tries one instance has under way at once, over all endpoints (open connections). */
const TRIES_PER_INSTANCE = 100;

export type DeliveryWorker = {
  /**
   * Claims what is due (at most TRIES_PER_ENDPOINT under way per endpoint) and starts it.
   * Resolves once the tries are started, not when they end; answers how many it started.
   */
  poll: () => Promise<number>;
  /** Resolves when no try is under way, those that ending tries started included. */
  idle: () => Promise<void>;
  /** Starts no more tries; those under way go on (see `idle`). */
  stop: () => void;
  /** Tries started so far. */
  started: () => number;
};

/**
 * An instance's delivery worker. Every try runs on its own; when one ends, the slot it held is
 * filled at once (its endpoint's next due delivery, or anyone's), without waiting for the next
 * poll or for the other tries under way. `oncePerDelivery` makes each delivery's try at most once
 * (one pass, as tests and `deliverDue` want it).
 */
export const createDeliveryWorker = (
  deps: DeliveryDeps,
  opts: { oncePerDelivery?: boolean } = {},
): DeliveryWorker => {
  const running = new Set<Promise<void>>();
  const tried = new Set<string>();
  let startedCount = 0;
  let isStopped = false;
  let polling: Promise<number> | undefined;
  let isPollWanted = false;

  const logFailedPoll = (error: unknown) =>
    deps.log.error({ event: 'webhook.pass_failed', err: error }, 'webhook pass failed');

  const start = (id: string, token: string) => {
    startedCount += 1;
    const run: Promise<void> = makeTry(deps, id, token)
      .catch((error: unknown) =>
        deps.log.error(
          { event: 'webhook.try_failed', err: error, deliveryId: id },
          'webhook try failed',
        ),
      )
      .finally(() => {
        running.delete(run);
        if (!isStopped) poll().catch(logFailedPoll);
      });
    running.add(run);
  };

  const claimAndStart = async (): Promise<number> => {
    const room = TRIES_PER_INSTANCE - running.size;
    if (room <= 0 || isStopped) return 0;
    const now = deps.clock.now();
    const lease = {
      token: randomUUID(),
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + leaseMs(deps)).toISOString(),
      perEndpoint: TRIES_PER_ENDPOINT,
    };
    const due = await listDueDeliveries(deps.db, {
      now: lease.now,
      perEndpoint: TRIES_PER_ENDPOINT,
      limit: room,
    });
    let count = 0;
    for (const row of due) {
      if (isStopped) break;
      if (opts.oncePerDelivery && tried.has(row.id)) continue;
      if (!(await claimDelivery(deps.db, row, lease))) continue;
      if (opts.oncePerDelivery) tried.add(row.id);
      start(row.id, lease.token);
      count += 1;
    }
    return count;
  };

  // One poll at a time; a poll asked for while one runs (a try ended) runs right after it.
  const poll = (): Promise<number> => {
    if (polling) {
      isPollWanted = true;
      return polling;
    }
    polling = (async () => {
      let count = 0;
      do {
        isPollWanted = false;
        count += await claimAndStart();
      } while (isPollWanted && !isStopped);
      return count;
    })().finally(() => {
      polling = undefined;
    });
    return polling;
  };

  const idle = async () => {
    while (running.size > 0 || polling) {
      await Promise.allSettled([...running, polling]);
    }
  };

  return {
    poll,
    idle,
    stop: () => {
      isStopped = true;
    },
    started: () => startedCount,
  };
};

/**
 * One pass: every due delivery gets one try, at most TRIES_PER_ENDPOINT of an endpoint at once.
 * Resolves when they have all ended; answers how many were tried. Any instance may run passes at
 * any time; the claim keeps each try to one instance. Tests drive deliveries with it.
 */
export const deliverDue = async (deps: DeliveryDeps): Promise<number> => {
  const worker = createDeliveryWorker(deps, { oncePerDelivery: true });
  await worker.poll();
  await worker.idle();
  return worker.started();
};
