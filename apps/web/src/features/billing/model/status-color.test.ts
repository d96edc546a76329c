import { subscriptionStatuses } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { statusColor } from './status-color.ts';

describe('statusColor', () => {
  it.each([
    ['ACTIVE', 'green'],
    ['EXPIRED', 'red'],
    ['UNPAID', 'red'],
    ['PAST_DUE', 'red'],
    ['CANCELED', 'yellow'],
  ] as const)('colours %s %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it('has a colour for every status of the contract', () => {
    for (const status of subscriptionStatuses) expect(statusColor(status)).toBeTruthy();
  });
});
