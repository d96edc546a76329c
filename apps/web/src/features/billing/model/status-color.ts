import type { SubscriptionStatus } from '@platen/contract';

/** product.md#screens-and-routes My Subscription: green ACTIVE; red EXPIRED, UNPAID, PAST_DUE; amber CANCELED. */
const colors: Record<SubscriptionStatus, 'green' | 'red' | 'yellow'> = {
  ACTIVE: 'green',
  EXPIRED: 'red',
  UNPAID: 'red',
  PAST_DUE: 'red',
  CANCELED: 'yellow',
};

export const statusColor = (status: SubscriptionStatus) => colors[status];
