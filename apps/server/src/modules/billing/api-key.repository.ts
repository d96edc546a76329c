import type { Db } from '../../db/tables.ts';

/** The account's API key as stored (AES-GCM); My Subscription shows it again. */
export const findEncryptedApiKey = async (db: Db, userId: string): Promise<string | undefined> => {
  const row = await db
    .selectFrom('api_keys')
    .select('key_encrypted')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.key_encrypted;
};
