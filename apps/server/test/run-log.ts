import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type DestinationStream } from 'pino';
import type { Secret } from './log-scan.ts';

/**
 * The test run's log and the secrets the tests used, both kept in one directory that the server
 * project's global set-up makes (`log-check.setup.ts`) and scans when every test has finished.
 * Without that set-up (a test file run on its own, another config) nothing is recorded.
 */
export const RUN_DIR_VARIABLE = 'PLATEN_TEST_RUN_DIR';

const runDir = () => process.env[RUN_DIR_VARIABLE];

let destination: DestinationStream | undefined;

/** Where a test app in this worker writes its log lines; undefined when the run keeps no log. */
export const runLogDestination = (): DestinationStream | undefined => {
  const dir = runDir();
  if (!dir) return undefined;
  // Synchronous appends: a worker can end at any time, and every line must be on disk by then.
  destination ??= pino.destination({ dest: join(dir, `app-${process.pid}.log`), sync: true });
  return destination;
};

/** Where a server process's output goes; one file per process. */
export const runLogFileFor = (pid: number | undefined): string | undefined => {
  const dir = runDir();
  return dir && pid ? join(dir, `process-${pid}.log`) : undefined;
};

const recorded = new Set<string>();

/** Remembers a secret so the final scan can look for it; tiny values could match by chance. */
export const recordSecret = (kind: string, value: unknown) => {
  const dir = runDir();
  if (!dir || typeof value !== 'string' || value.length < 6 || recorded.has(value)) return;
  recorded.add(value);
  const secret: Secret = { kind, value };
  appendFileSync(join(dir, `secrets-${process.pid}.jsonl`), `${JSON.stringify(secret)}\n`);
};

/** Body fields that carry a secret, in requests and in answers. */
const SECRET_FIELDS: Record<string, string> = {
  password: 'password',
  oldPassword: 'password',
  newPassword: 'password',
  code: 'code',
  token: 'access token',
  refreshToken: 'refresh token',
  apiKey: 'API key',
  voucherCode: 'voucher code',
  secret: 'webhook signing secret',
};

/**
 * Answers and parts of answers whose `code` is an error code (`RESULT_STORE_UNAVAILABLE`, a
 * job's or an item's), not a secret: e-mailed codes are digits.
 */
const isErrorBody = (value: object) =>
  'message' in value &&
  ('status' in value ||
    ('code' in value && typeof value.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value.code)));

/** The local payment pages' session token: the last part of the page URL a checkout answers with. */
const pageToken = (url: unknown) =>
  typeof url === 'string'
    ? /\/dev\/payments\/(?:checkout|portal)\/([^/?#]+)$/.exec(url)?.[1]
    : undefined;

const walk = (value: unknown, where: string, depth = 0): void => {
  if (depth > 4 || typeof value !== 'object' || value === null || isErrorBody(value)) return;
  // Bytes (a multipart form, a body sent raw) hold no fields to read, only a million indices.
  if (ArrayBuffer.isView(value)) return;
  for (const [key, field] of Object.entries(value)) {
    const kind = SECRET_FIELDS[key];
    if (kind) recordSecret(`${kind} (${where})`, field);
    else if (key === 'url') recordSecret(`payment page token (${where})`, pageToken(field));
    else walk(field, where, depth + 1);
  }
};

const parsed = (body: unknown): unknown => {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

/**
 * Records the secrets of one call: body fields, credentials in headers and query strings, and the
 * tokens and keys of the answer. `where` names the route (`POST /v1/auth/login`), never a value.
 */
export const recordCallSecrets = (call: {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  body?: unknown;
  answer?: unknown;
}) => {
  if (!runDir()) return;
  const [path = '', query = ''] = call.url.split('?');
  const where = `${call.method} ${path}`;
  walk(parsed(call.body), where);
  walk(parsed(call.answer), where);
  for (const [name, value] of new URLSearchParams(query)) {
    const kind = SECRET_FIELDS[name];
    if (kind) recordSecret(`${kind} in a query string (${where})`, value);
  }
  const headers = call.headers ?? {};
  recordSecret(`API key header (${where})`, headers['x-api-key']);
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    recordSecret(`authorization header (${where})`, authorization.replace(/^\w+ /, ''));
  }
};

/** Secrets a test app was configured with: the app secret, the metrics token, Stripe's keys. */
export const recordConfigSecrets = (config: {
  appSecret?: string | undefined;
  metricsToken?: string | undefined;
  stripe?: { secretKey: string; webhookSecret: string } | undefined;
}) => {
  recordSecret('APP_SECRET', config.appSecret);
  recordSecret('METRICS_TOKEN', config.metricsToken);
  recordSecret('Stripe secret key', config.stripe?.secretKey);
  recordSecret('Stripe webhook secret', config.stripe?.webhookSecret);
};
