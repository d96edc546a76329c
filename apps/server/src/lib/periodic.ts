/**
 * Runs `task` every `intervalMs` until stopped, one run at a time (a slow run is not overlapped
 * by the next). The timer does not keep the process alive; a failed run is reported and the next
 * one runs as planned.
 */
export const runPeriodically = (
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop: () => void } => {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    task()
      .catch(onError)
      .finally(() => {
        isRunning = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
