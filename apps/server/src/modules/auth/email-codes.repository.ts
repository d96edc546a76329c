import type { Db, EmailCodeTable } from '../../db/tables.ts';

type Purpose = EmailCodeTable['purpose'];

/** Stores a new code and retires every earlier unused code of the same purpose. */
export const replaceEmailCode = async (
  db: Db,
  c: { codeHash: string; userId: string; purpose: Purpose; now: string; expiresAt: string },
) => {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_codes')
      .set({ used_at: c.now })
      .where('user_id', '=', c.userId)
      .where('purpose', '=', c.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_codes')
      .values({
        code_hash: c.codeHash,
        user_id: c.userId,
        purpose: c.purpose,
        created_at: c.now,
        expires_at: c.expiresAt,
        used_at: null,
        failed_attempts: 0,
      })
      .execute();
  });
};

/** Uses a code once, atomically: returns its user, or undefined if unknown, used or expired. */
export const useEmailCode = async (
  db: Db,
  c: { codeHash: string; purpose: Purpose; now: string; userId?: string },
) => {
  let query = db
    .updateTable('email_codes')
    .set({ used_at: c.now })
    .where('code_hash', '=', c.codeHash)
    .where('purpose', '=', c.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', c.now);
  if (c.userId) query = query.where('user_id', '=', c.userId);
  const row = await query.returning('user_id').executeTakeFirst();
  return row?.user_id;
};

/**
 * Counts a wrong guess against the user's live code; the code is burned (marked used) on the
 * `maxAttempts`-th wrong guess.
 */
export const countWrongEmailCode = async (
  db: Db,
  c: { userId: string; purpose: Purpose; now: string; maxAttempts: number },
) => {
  await db
    .updateTable('email_codes')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      used_at: eb
        .case()
        .when('failed_attempts', '>=', c.maxAttempts - 1)
        .then(c.now)
        .else(eb.ref('used_at'))
        .end(),
    }))
    .where('user_id', '=', c.userId)
    .where('purpose', '=', c.purpose)
    .where('used_at', 'is', null)
    .execute();
};
