import type { Config } from './config.ts';
import { isLoopbackAddress } from './plugins/loopback-only.ts';

/**
 * The development conveniences this configuration turns on, by name. Each answers only loopback
 * clients (plugins/loopback-only.ts); production has none of them.
 */
export const devConveniences = (config: Config): string[] => {
  if (config.env === 'production') return [];
  return [
    ...(config.smtpUrl ? [] : ['the development mailbox /dev/mailbox (reset links and codes)']),
    ...(config.stripe ? [] : ['the local payment pages /dev/payments']),
    ...(config.metricsToken ? [] : ['/metrics without a token']),
  ];
};

const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/**
 * The start-up warning for a development server that listens beyond loopback: its development
 * pages still refuse other machines, but it should not be reachable like this at all.
 */
export const exposureWarning = (config: Config): string | undefined => {
  const conveniences = devConveniences(config);
  if (isLoopbackHost(config.host) || conveniences.length === 0) return undefined;
  return (
    `WARNING: this ${config.env} server listens on ${config.host}, reachable from the network, ` +
    `with ${conveniences.join(', ')}. They answer only clients on this machine; ` +
    'leave HOST unset to listen on 127.0.0.1, or run with NODE_ENV=production.'
  );
};

/**
 * The start-up warning for a production server without a mail relay: its mail (sign-up
 * confirmations, reset codes) is kept in the outbox table, which production shows nobody.
 */
export const mailWarning = (config: Config): string | undefined =>
  config.env === 'production' && !config.smtpUrl
    ? 'WARNING: SMTP_URL is not set: e-mail (confirmations, password resets) is not sent but ' +
      'kept in the database outbox. Set SMTP_URL to your mail relay.'
    : undefined;
