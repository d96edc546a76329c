import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { terminalLogOutput } from './log-output.ts';

export type { Logger };

/** Headers and fields that must never reach a log line (SECURITY.md §41). */
const REDACTED = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-xsrf-token"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.code',
  '*.confirmLink',
  '*.apiKey',
];

// Query strings can carry codes (the reset link) or keys; log the path and the parameter names only.
const withoutQueryValues = (url: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = new URLSearchParams(url.slice(at + 1)).keys();
  return `${url.slice(0, at)}?${[...names].map((n) => `${n}=…`).join('&')}`;
};

export const createLogger = (
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'env'>>,
  destination: DestinationStream | undefined = terminalLogOutput(config.env),
): Logger =>
  pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          id: req.id,
          method: req.method,
          url: withoutQueryValues(req.url),
          ip: req.ip,
        }),
      },
    },
    destination,
  );
