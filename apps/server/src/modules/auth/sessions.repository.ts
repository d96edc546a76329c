import type { Db } from '../../db/tables.ts';

export const insertSession = async (db: Db, s: { id: string; userId: string; now: string }) => {
  await db
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.userId, created_at: s.now, revoked_at: null })
    .execute();
};

export const isSessionActive = async (db: Db, sessionId: string, userId: string) => {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
};

export const revokeSession = async (db: Db, sessionId: string, now: string) => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Signs the user out everywhere, except on `keepSessionId` when given. */
export const revokeUserSessions = async (
  db: Db,
  opts: { userId: string; now: string; keepSessionId?: string },
) => {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: opts.now })
    .where('user_id', '=', opts.userId)
    .where('revoked_at', 'is', null);
  if (opts.keepSessionId) query = query.where('id', '!=', opts.keepSessionId);
  await query.execute();
};

export const insertRefreshToken = async (
  db: Db,
  t: { tokenHash: string; sessionId: string; now: string; expiresAt: string },
) => {
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: t.tokenHash,
      session_id: t.sessionId,
      created_at: t.now,
      expires_at: t.expiresAt,
      used_at: null,
    })
    .execute();
};

/**
 * Marks a refresh token used in one statement and returns its session and user, or undefined when
 * the token is unknown, used, expired or its session is revoked. Of two racing calls, one wins.
 * The session must be live in that same statement: checked afterwards, a racing replay could
 * revoke it in between and leave every caller, the winner too, without tokens.
 */
export const useRefreshToken = async (db: Db, tokenHash: string, now: string) => {
  const used = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(
      'session_id',
      'in',
      db.selectFrom('sessions').select('id').where('revoked_at', 'is', null),
    )
    .returning('session_id')
    .executeTakeFirst();
  if (!used) return undefined;
  return db
    .selectFrom('sessions')
    .select(['id as sessionId', 'user_id as userId'])
    .where('id', '=', used.session_id)
    .executeTakeFirst();
};

export const findRefreshTokenSession = async (db: Db, tokenHash: string) => {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.session_id;
};
