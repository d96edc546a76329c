import type { Kysely } from 'kysely';

/**
 * A template's default language (a BCP 47 tag, canonical spelling): the language of fields that
 * set none when the request gives none either, before the text decides. The draft's is edited
 * like its fields (a new revision) and each published version keeps its own. Null: none.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('templates').addColumn('language', 'varchar(64)').execute();
  await db.schema.alterTable('template_versions').addColumn('language', 'varchar(64)').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('template_versions').dropColumn('language').execute();
  await db.schema.alterTable('templates').dropColumn('language').execute();
};
