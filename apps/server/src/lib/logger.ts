import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { terminalLogOutput } from './log-output.ts';

export type { Logger };

/** Headers and fields that must never reach a log line (security.md §41). */
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

/** Path parameters that are credentials: the local payment pages' session tokens. */
const SECRET_PARAMS = new Set([':token']);

/**
 * The path with its secret parameters replaced, found by the route the request matched (its
 * pattern, e.g. `/dev/payments/portal/:token`), so a renamed page cannot slip past a list of
 * URL prefixes. A path that does not line up with its pattern is logged as the pattern.
 */
const withoutSecretParams = (path: string, route: string | undefined): string => {
  const pattern = route?.split('/') ?? [];
  if (!pattern.some((part) => SECRET_PARAMS.has(part))) return path;
  const parts = path.split('/');
  if (parts.length !== pattern.length) return route ?? path;
  return parts
    .map((part, i) => (SECRET_PARAMS.has(pattern[i] ?? '') ? '[redacted]' : part))
    .join('/');
};

type LoggedRequest = {
  method: string;
  url: string;
  ip?: string;
  id?: string;
  routeOptions?: { url?: string };
};

const loggedUrl = (req: LoggedRequest): string => {
  const url = withoutQueryValues(req.url);
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  return withoutSecretParams(path, req.routeOptions?.url) + url.slice(path.length);
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
        req: (req: LoggedRequest) => ({
          id: req.id,
          method: req.method,
          url: loggedUrl(req),
          ip: req.ip,
        }),
      },
    },
    destination,
  );
