/**
 * PDF tasks waiting for a worker, kept per account, and the tasks each account has running.
 * The next task to start is the oldest one of the account with the fewest tasks running; among
 * accounts running as many, the one whose last task started longest ago (round-robin; an account
 * never served, or back after a pause, comes first). So an account that floods the pool holds
 * no more workers than its share while others wait: a newcomer's task starts at the next free
 * worker, whatever the flood has queued.
 */
export type FairQueue<T> = {
  push: (account: string, task: T) => void;
  /** The next task to start, counted as running for its account until `finish(account)`. */
  take: () => { account: string; task: T } | undefined;
  /** One of the account's running tasks has ended, however it ended. */
  finish: (account: string) => void;
  /** Empties the queue and returns what waited (running tasks stay counted until they end). */
  drain: () => T[];
  waiting: () => number;
  running: () => number;
};

export const createFairQueue = <T>(): FairQueue<T> => {
  // Accounts in the order their first waiting task arrived; each list oldest first.
  const waiting = new Map<string, T[]>();
  const running = new Map<string, number>();
  // When each account last had a task started (a counter, not a clock); forgotten when idle.
  const lastStarted = new Map<string, number>();
  let starts = 0;
  let waitingCount = 0;
  let runningCount = 0;

  const forgetIfIdle = (account: string) => {
    if (!waiting.has(account) && !running.get(account)) {
      running.delete(account);
      lastStarted.delete(account);
    }
  };

  /** Whether `a` goes before `b`: fewer running, then served longer ago. */
  const goesBefore = (a: string, b: string) => {
    const runningA = running.get(a) ?? 0;
    const runningB = running.get(b) ?? 0;
    if (runningA !== runningB) return runningA < runningB;
    return (lastStarted.get(a) ?? -1) < (lastStarted.get(b) ?? -1);
  };

  return {
    push: (account, task) => {
      const tasks = waiting.get(account);
      if (tasks) tasks.push(task);
      else waiting.set(account, [task]);
      waitingCount += 1;
    },
    take: () => {
      let next: string | undefined;
      for (const account of waiting.keys()) {
        if (next === undefined || goesBefore(account, next)) next = account;
      }
      if (next === undefined) return undefined;
      const tasks = waiting.get(next)!;
      const task = tasks.shift()!;
      if (tasks.length === 0) waiting.delete(next);
      waitingCount -= 1;
      runningCount += 1;
      running.set(next, (running.get(next) ?? 0) + 1);
      lastStarted.set(next, (starts += 1));
      return { account: next, task };
    },
    finish: (account) => {
      const count = running.get(account) ?? 0;
      if (count === 0) return;
      running.set(account, count - 1);
      runningCount -= 1;
      forgetIfIdle(account);
    },
    drain: () => {
      const all = [...waiting.values()].flat();
      const accounts = [...waiting.keys()];
      waiting.clear();
      waitingCount = 0;
      for (const account of accounts) forgetIfIdle(account);
      return all;
    },
    waiting: () => waitingCount,
    running: () => runningCount,
  };
};
