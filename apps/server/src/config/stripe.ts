import { ConfigError } from './config-error.ts';

/** Card payments through Stripe; absent when STRIPE_SECRET_KEY is not set. */
export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_PRICE_<PLAN>: the subscription price of each paid plan, by plan type. */
  prices: Record<string, string>;
  /** STRIPE_OVERAGE_PRICE_<PLAN>: optional metered price that bills overage documents. */
  overagePrices: Record<string, string>;
  /** STRIPE_METER_EVENT: the Billing Meter event that counts overage documents. */
  meterEventName: string;
};

const pricesFrom = (env: NodeJS.ProcessEnv, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith(prefix) && value)
      .map(([name, value]) => [name.slice(prefix.length), value ?? '']),
  );

export const stripeConfig = (
  env: NodeJS.ProcessEnv,
  e: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_METER_EVENT: string },
): StripeConfig | undefined => {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  if (!e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set.');
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: pricesFrom(env, 'STRIPE_PRICE_'),
    overagePrices: pricesFrom(env, 'STRIPE_OVERAGE_PRICE_'),
    meterEventName: e.STRIPE_METER_EVENT,
  };
};
