import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/tables.ts';
import { encryptText } from '../../lib/secret-box.ts';
import { keyedHash, randomToken } from '../../lib/secrets.ts';
import { insertApiKey } from './api-keys.repository.ts';

/** Recognisable in logs and secret scanners; 32 random bytes follow. */
export const API_KEY_PREFIX = 'plt_';

/** Creates the account's one API key (SPEC: 'Single API Key'), stored hashed and encrypted. */
export const createApiKey = async (
  deps: Pick<Deps, 'secrets' | 'clock'> & { db: Db },
  userId: string,
): Promise<void> => {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  await insertApiKey(deps.db, {
    id: randomUUID(),
    userId,
    keyHash: keyedHash(deps.secrets.hashKey, key),
    keyEncrypted: encryptText(deps.secrets.encryptionKey, key),
    now: deps.clock.now().toISOString(),
  });
};
