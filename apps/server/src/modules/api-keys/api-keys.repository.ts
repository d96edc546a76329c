import type { Db } from '../../db/tables.ts';

export const insertApiKey = async (
  db: Db,
  k: { id: string; userId: string; keyHash: string; keyEncrypted: string; now: string },
) => {
  await db
    .insertInto('api_keys')
    .values({
      id: k.id,
      user_id: k.userId,
      key_hash: k.keyHash,
      key_encrypted: k.keyEncrypted,
      created_at: k.now,
    })
    .execute();
};

export const findEncryptedApiKey = async (db: Db, userId: string): Promise<string | undefined> => {
  const row = await db
    .selectFrom('api_keys')
    .select('key_encrypted')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.key_encrypted;
};

/** Replaces the account's key in one statement: the old key stops working at once. */
export const replaceApiKey = async (
  db: Db,
  k: { userId: string; keyHash: string; keyEncrypted: string; now: string },
) => {
  await db
    .updateTable('api_keys')
    .set({ key_hash: k.keyHash, key_encrypted: k.keyEncrypted, created_at: k.now })
    .where('user_id', '=', k.userId)
    .execute();
};

/** The account that owns an API key (by its stored hash); a regenerated key keeps the account. */
export const findApiKeyAccount = async (db: Db, keyHash: string): Promise<string | undefined> => {
  const row = await db
    .selectFrom('api_keys')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row?.user_id;
};
