import {
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  randomFillSync,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SECRET_LENGTH } from '../config.ts';

/** Keys derived from APP_SECRET, one per purpose, so no key is ever used for two things. */
export type Secrets = {
  jwtKey: Uint8Array;
  /**
   * Keys the HMAC that stores codes and tokens: a database dump alone cannot verify guesses. A
   * KeyObject, made once: `createHmac` given a Buffer builds a new one on every call, ~100 µs,
   * which every API request paid for its key check (bench/RESULTS.md).
   */
  hashKey: KeyObject;
  encryptionKey: Buffer;
  /** Signs download links that work without credentials (a job's results). */
  linkKey: Buffer;
};

const derive = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'platen', purpose, 32));

export const deriveSecrets = (appSecret: string): Secrets => ({
  jwtKey: new Uint8Array(derive(appSecret, 'jwt')),
  hashKey: createSecretKey(derive(appSecret, 'hash')),
  encryptionKey: derive(appSecret, 'encryption'),
  linkKey: derive(appSecret, 'links'),
});

/**
 * Development convenience: without APP_SECRET, one random secret is generated on first start and
 * kept in DATA_DIR/secrets.json (mode 0600) so sessions survive restarts.
 */
export const loadOrCreateAppSecret = (dataDir: string): string => {
  const file = join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { appSecret?: unknown };
    if (typeof stored.appSecret === 'string' && stored.appSecret.length >= MIN_SECRET_LENGTH) {
      return stored.appSecret;
    }
  } catch {
    // Missing or unreadable: make a new one below.
  }
  const appSecret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ appSecret }, null, 2), { mode: 0o600 });
  return appSecret;
};

/** A keyed hash for looking up tokens and codes by value without storing the value. */
export const keyedHash = (key: KeyObject, value: string): string =>
  createHmac('sha256', key).update(value).digest('base64url');

// Tokens are cut from a pool of random bytes refilled 4 KB at a time, as Node does for
// randomUUID: a `randomBytes` call per token was a visible part of every request (the XSRF token
// each cookie-less API caller gets, bench/RESULTS.md). Every byte is used once.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** URL-safe random token with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => {
  if (bytes > pool.length) return randomBytes(bytes).toString('base64url');
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const token = pool.toString('base64url', poolAt, poolAt + bytes);
  poolAt += bytes;
  return token;
};
