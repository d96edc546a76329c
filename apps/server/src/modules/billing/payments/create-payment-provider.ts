import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/tables.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Secrets } from '../../../lib/secrets.ts';
import { createLocalProvider } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** Stripe when its key is set; else the offline local provider, which production never gets. */
export const createPaymentProvider = (
  config: Config,
  deps: { db: Db; clock: Clock; secrets: Secrets },
): PaymentProvider | undefined => {
  if (config.stripe) return createStripeProvider(config.stripe);
  if (config.env === 'production') return undefined;
  return createLocalProvider({
    db: deps.db,
    clock: deps.clock,
    hashKey: deps.secrets.hashKey,
    appUrl: config.appUrl,
  });
};
