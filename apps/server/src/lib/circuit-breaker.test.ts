import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './circuit-breaker.ts';

const breakerAt = (coolDownMs = 5_000) => {
  let time = 0;
  const events: string[] = [];
  const breaker = createCircuitBreaker({
    coolDownMs,
    now: () => time,
    onOpen: (error) => events.push(`open: ${(error as Error).message}`),
    onClose: () => events.push('close'),
  });
  return { breaker, events, advance: (ms: number) => (time += ms) };
};

describe('the circuit breaker', () => {
  it('lets every call through while closed', () => {
    const { breaker, events } = breakerAt();
    for (let i = 0; i < 3; i += 1) {
      expect(breaker.allows()).toBe(true);
      breaker.succeeded();
    }
    expect(breaker.state()).toBe('closed');
    expect(breaker.counts()).toEqual({ attempted: 3, skipped: 0 });
    expect(events).toEqual([]);
  });

  it('refuses every call for the cool-down after a failure, and says so once', () => {
    const { breaker, events, advance } = breakerAt();
    breaker.allows();
    breaker.failed(new Error('Command timed out'));
    breaker.failed(new Error('another call failing late'));
    for (let i = 0; i < 10; i += 1) {
      advance(400);
      expect(breaker.allows()).toBe(false);
    }
    expect(breaker.state()).toBe('open');
    expect(breaker.counts()).toEqual({ attempted: 1, skipped: 10 });
    expect(events).toEqual(['open: Command timed out']);
  });

  it('lets one probe through after the cool-down, and closes when it succeeds', () => {
    const { breaker, events, advance } = breakerAt();
    breaker.failed(new Error('down'));
    advance(5_000);
    expect(breaker.state()).toBe('half-open');
    expect(breaker.allows()).toBe(true);
    // Others wait for the probe's answer.
    expect(breaker.allows()).toBe(false);
    expect(breaker.allows()).toBe(false);
    breaker.succeeded();
    expect(breaker.state()).toBe('closed');
    expect(breaker.allows()).toBe(true);
    expect(events).toEqual(['open: down', 'close']);
  });

  it('opens for another cool-down when the probe fails, without announcing it again', () => {
    const { breaker, events, advance } = breakerAt();
    breaker.failed(new Error('down'));
    advance(5_000);
    expect(breaker.allows()).toBe(true);
    breaker.failed(new Error('still down'));
    expect(breaker.state()).toBe('open');
    advance(4_999);
    expect(breaker.allows()).toBe(false);
    advance(1);
    expect(breaker.allows()).toBe(true);
    breaker.succeeded();
    expect(events).toEqual(['open: down', 'close']);
  });
});
