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
