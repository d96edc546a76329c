import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue.ts';

/** Starts up to `slots` tasks, ending none: the order they start in. */
const startUpTo = (queue: ReturnType<typeof createFairQueue<string>>, slots: number) => {
  const started: string[] = [];
  while (queue.running() < slots) {
    const next = queue.take();
    if (!next) break;
    started.push(next.task);
  }
  return started;
};

describe('the fair queue of PDF tasks', () => {
  it("starts a newcomer's task at the next free worker, before a flood queued earlier", () => {
    const queue = createFairQueue<string>();
    for (let i = 1; i <= 16; i += 1) queue.push('a', `a${i}`);
    expect(startUpTo(queue, 2)).toEqual(['a1', 'a2']);
    queue.push('b', 'b1');
    queue.finish('a');
    expect(queue.take()?.task).toBe('b1');
    queue.finish('a');
    expect(queue.take()?.task).toBe('a3');
    expect(queue.waiting()).toBe(13);
    expect(queue.running()).toBe(2);
  });

  it('takes turns between accounts that run as many tasks, on a single worker too', () => {
    const queue = createFairQueue<string>();
    for (const account of ['a', 'b', 'c']) {
      for (let i = 1; i <= 3; i += 1) queue.push(account, `${account}${i}`);
    }
    const order: string[] = [];
    for (let next = queue.take(); next; next = queue.take()) {
      order.push(next.task);
      queue.finish(next.account);
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3']);
  });

  it('gives each account an equal share of the workers, whatever each has queued', () => {
    const queue = createFairQueue<string>();
    for (let i = 1; i <= 10; i += 1) queue.push('a', `a${i}`);
    for (let i = 1; i <= 10; i += 1) queue.push('b', `b${i}`);
    queue.push('c', 'c1');
    expect(startUpTo(queue, 4)).toEqual(['a1', 'b1', 'c1', 'a2']);
    // c has nothing more: its worker goes to b, which now runs fewer than a.
    queue.finish('c');
    expect(queue.take()?.task).toBe('b2');
  });

  it('keeps each account’s tasks in the order they came', () => {
    const queue = createFairQueue<string>();
    queue.push('a', 'first');
    queue.push('a', 'second');
    queue.push('a', 'third');
    expect(startUpTo(queue, 3)).toEqual(['first', 'second', 'third']);
  });

  it('drains what waits, and counts running tasks until they end', () => {
    const queue = createFairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(queue.take()?.task).toBe('a1');
    expect(queue.drain().sort()).toEqual(['a2', 'b1']);
    expect(queue.waiting()).toBe(0);
    expect(queue.take()).toBeUndefined();
    expect(queue.running()).toBe(1);
    queue.finish('a');
    queue.finish('a');
    expect(queue.running()).toBe(0);
  });
});
