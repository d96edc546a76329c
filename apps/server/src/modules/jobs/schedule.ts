import type { Deps } from '../../deps.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { createIdempotencyService } from '../idempotency/index.ts';
import { createDeliveryWorker } from '../webhooks/index.ts';
import type { JobsService } from './jobs.service.ts';

/**
 * Everything this instance does after the answer, started when the app is ready and stopped when
 * it closes: the job workers, and every periodic task (each runs one pass at a time, its timer
 * does not keep the process alive, and a failed pass is logged and the next one runs as planned).
 */
export const createSchedule = (deps: Deps, jobs: JobsService) => {
  const idempotency = createIdempotencyService(deps);
  // Also looks again whenever a try ends, so deliveries do not wait for the next pass.
  const deliveries = createDeliveryWorker(deps);
  const logFailure = (event: string, message: string) => (error: unknown) =>
    deps.log.error({ event, err: error }, message);

  const tasks = [
    {
      everyMs: deps.config.jobs.sweepIntervalMs,
      run: async () => {
        const deleted = await jobs.sweep();
        if (deleted > 0) deps.log.info({ event: 'jobs.swept', deleted }, 'expired jobs deleted');
      },
      onError: logFailure('jobs.sweep_failed', 'jobs not swept'),
    },
    {
      everyMs: deps.config.webhooks.pollingMs,
      run: () => deliveries.poll(),
      onError: logFailure('webhook.pass_failed', 'webhook pass failed'),
    },
    {
      everyMs: deps.config.idempotency.sweepIntervalMs,
      run: async () => {
        const deleted = await idempotency.sweep();
        if (deleted > 0) {
          deps.log.info(
            { event: 'idempotency.swept', deleted },
            'expired idempotency keys deleted',
          );
        }
      },
      onError: logFailure('idempotency.sweep_failed', 'idempotency key not updated'),
    },
  ];

  let timers: { stop: () => void }[] = [];

  /** Starts the timers, and the workers: jobs queued or left running by a stopped instance go on. */
  const start = async () => {
    timers = tasks.map((task) => runPeriodically(task.everyMs, task.run, task.onError));
    await jobs.startWorking();
  };

  /**
   * Stops the timers; webhook tries under way and running jobs (which stop where they are, for a
   * later try) end before what they use is closed.
   */
  const stop = async () => {
    for (const timer of timers) timer.stop();
    timers = [];
    deliveries.stop();
    await deliveries.idle();
    await jobs.stopWorking();
  };

  return { start, stop };
};

export type Schedule = ReturnType<typeof createSchedule>;
