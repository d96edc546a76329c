import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/tables.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptText, encryptText } from '../../lib/secret-box.ts';
import { keyedHash, randomToken } from '../../lib/secrets.ts';
import { findEncryptedApiKey, insertApiKey, replaceApiKey } from './api-keys.repository.ts';

/** Recognisable in logs and secret scanners; 32 random bytes follow. */
const API_KEY_PREFIX = 'plt_';

const newKey = (deps: Pick<Deps, 'secrets' | 'clock'>, userId: string) => {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return {
    key,
    stored: {
      userId,
      keyHash: keyedHash(deps.secrets.hashKey, key),
      keyEncrypted: encryptText(deps.secrets.encryptionKey, key),
      now: deps.clock.now().toISOString(),
    },
  };
};

/** Creates the account's one API key (product.md#what-is-stored: 'Single API Key'), stored hashed and encrypted. */
export const createApiKey = async (
  deps: Pick<Deps, 'secrets' | 'clock'> & { db: Db },
  userId: string,
): Promise<void> => {
  await insertApiKey(deps.db, { id: randomUUID(), ...newKey(deps, userId).stored });
};

/** A new key for the account; the old one is refused from this moment (security.md §20). */
export const regenerateApiKey = async (
  deps: Pick<Deps, 'db' | 'secrets' | 'clock' | 'log'>,
  userId: string,
): Promise<string> => {
  const { key, stored } = newKey(deps, userId);
  await replaceApiKey(deps.db, stored);
  deps.log.info({ event: 'api_key.regenerated', userId }, 'API key regenerated');
  return key;
};

/** The account's key in clear, for its owner to see (product.md#who-may-do-what: shown after a click). */
export const revealApiKey = async (
  deps: Pick<Deps, 'db' | 'secrets'>,
  userId: string,
): Promise<string> => {
  const encrypted = await findEncryptedApiKey(deps.db, userId);
  return encrypted ? decryptText(deps.secrets.encryptionKey, encrypted) : '';
};

const API_KEY_SHAPE = /^plt_[A-Za-z0-9_-]{43}$/;

/** What the database stores of a well-formed key; `undefined` for a missing or malformed one. */
export const apiKeyHash = (
  deps: Pick<Deps, 'secrets'>,
  key: string | undefined,
): string | undefined =>
  key && API_KEY_SHAPE.test(key) ? keyedHash(deps.secrets.hashKey, key) : undefined;

/**
 * Missing, malformed and unknown keys get the same answer, so the answer tells a guesser
 * nothing (security.md §21).
 */
export const invalidApiKey = () =>
  new AppError('INVALID_API_KEY', 401, 'The API key is missing or not valid.');
