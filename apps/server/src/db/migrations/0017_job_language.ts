import type { Kysely } from 'kysely';

/**
 * A batch's language (a BCP 47 tag, canonical spelling): the language of the values of every
 * field that sets none of its own, for every item. Null when the batch gave none. Tags are short
 * (RFC 5646 asks implementations to take at least 35 characters); the contract refuses longer.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('jobs').addColumn('language', 'varchar(64)').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('jobs').dropColumn('language').execute();
};
