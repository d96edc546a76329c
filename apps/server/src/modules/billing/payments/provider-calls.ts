import type { PaymentProviderName } from '@platen/contract';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/app-error.ts';
import { paymentsUnavailable, providerFailed } from '../billing-errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** The configured provider; a path naming another one is answered as unknown. */
export const requireProvider = (deps: Deps, name?: PaymentProviderName): PaymentProvider => {
  const provider = deps.payments;
  if (!provider) throw paymentsUnavailable();
  if (name && name !== provider.name) {
    throw new AppError(
      'NOT_FOUND',
      404,
      `The ${name} payment provider is not enabled on this server.`,
    );
  }
  return provider;
};

/** A provider outage becomes a clear 502; the details go to the log, not to the client. */
export const callProvider = async <T>(deps: Deps, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, event: 'billing.provider_error' }, 'payment provider call failed');
    throw providerFailed();
  }
};
