import type { Selectable } from 'kysely';
import type { Db, UserTable } from '../../db/tables.ts';

export type User = {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  title: string;
  profilePic: string;
  emailConfirmed: boolean;
};

const userRowToUser = (row: Selectable<UserTable>): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  title: row.title,
  profilePic: row.profile_pic,
  emailConfirmed: Boolean(row.email_confirmed),
});

export const findUserByEmail = async (db: Db, email: string): Promise<User | undefined> => {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  return row && userRowToUser(row);
};

export const findUserById = async (db: Db, id: string): Promise<User | undefined> => {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && userRowToUser(row);
};

export const insertUser = async (
  db: Db,
  user: Omit<User, 'profilePic' | 'emailConfirmed' | 'title'>,
  now: string,
): Promise<void> => {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      title: '',
      profile_pic: '',
      email_confirmed: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
};

export const updateUser = async (
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      User,
      'firstName' | 'lastName' | 'title' | 'profilePic' | 'passwordHash' | 'emailConfirmed'
    >
  >,
  now: string,
): Promise<void> => {
  await db
    .updateTable('users')
    .set({
      first_name: changes.firstName,
      last_name: changes.lastName,
      title: changes.title,
      profile_pic: changes.profilePic,
      password_hash: changes.passwordHash,
      email_confirmed:
        changes.emailConfirmed === undefined ? undefined : Number(changes.emailConfirmed),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
};

/**
 * Deletes the account and, through ON DELETE CASCADE, everything that belongs to it: sessions and
 * refresh tokens, codes, the API key, the subscription and its history, usage, templates with
 * their files and stamps. Only the tombstone stays. False when the account was already gone.
 */
export const deleteUser = async (db: Db, userId: string, now: string): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return false;
    await trx.insertInto('deleted_accounts').values({ user_id: userId, deleted_at: now }).execute();
    return true;
  });
