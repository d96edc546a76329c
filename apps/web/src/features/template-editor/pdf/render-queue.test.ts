import { describe, expect, it } from 'vitest';
import { queueRender } from './render-queue.ts';

describe('queueRender', () => {
  it('moves on from a render that never settles once its signal aborts', async () => {
    // pdf.js leaves getPage() of a destroyed document pending for ever.
    const stuck = new AbortController();
    void queueRender(() => new Promise<void>(() => undefined), stuck.signal);
    const order: string[] = [];
    const next = queueRender(async () => {
      order.push('next page drawn');
    }, new AbortController().signal);
    stuck.abort();
    await next;
    expect(order).toEqual(['next page drawn']);
  });

  it('skips a render whose signal aborted while it waited its turn', async () => {
    const gone = new AbortController();
    let ran = false;
    const waiting = queueRender(async () => {
      ran = true;
    }, gone.signal);
    gone.abort();
    await waiting;
    expect(ran).toBe(false);
  });
});
