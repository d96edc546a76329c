import type { Kysely } from 'kysely';
import { binaryType } from '../dialect.ts';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('pages_json', 'text', (c) => c.notNull())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('field_count', 'integer', (c) => c.notNull())
    .addColumn('preview_png', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('templates_user_name', ['user_id', 'name'])
    .execute();

  // The PDF apart from the row, so listing templates never reads whole documents.
  await db.schema
    .createTable('template_files')
    .addColumn('template_id', 'varchar(36)', (c) =>
      c.primaryKey().references('templates.id').onDelete('cascade'),
    )
    .addColumn('pdf', binaryType(db), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usage_months')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_months_pk', ['user_id', 'month'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('usage_months').execute();
  await db.schema.dropTable('template_files').execute();
  await db.schema.dropTable('templates').execute();
};
