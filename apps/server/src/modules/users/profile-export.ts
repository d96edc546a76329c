import type { Db } from '../../db/tables.ts';

/**
 * The account's profile as its data export holds it (everything but the password hash), and
 * its picture as PNG bytes when it has one.
 */
export const profileForExport = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('users')
    .select([
      'first_name',
      'last_name',
      'email',
      'title',
      'email_confirmed',
      'profile_pic',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    profile: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      title: row.title,
      emailConfirmed: Boolean(row.email_confirmed),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    picturePng: row.profile_pic === '' ? undefined : Buffer.from(row.profile_pic, 'base64'),
  };
};
