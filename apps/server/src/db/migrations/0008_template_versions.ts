import type { Kysely } from 'kysely';
import { binaryType } from '../dialect.ts';

/**
 * Published template versions. A version never changes; its PDF, preview and stamp pictures are
 * stored once per content (SHA-256) in `template_blobs`, so fifty versions of one PDF keep it
 * once. Existing templates have no version: they stay drafts, filled as before.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('template_blobs')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bytes', binaryType(db), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('template_versions')
    .addColumn('template_id', 'varchar(36)', (c) =>
      c.notNull().references('templates.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(320)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('pages_json', 'text', (c) => c.notNull())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('field_count', 'integer', (c) => c.notNull())
    .addColumn('changes_json', 'text', (c) => c.notNull())
    .addColumn('pdf_hash', 'varchar(64)', (c) => c.notNull().references('template_blobs.hash'))
    .addColumn('preview_hash', 'varchar(64)', (c) => c.notNull().references('template_blobs.hash'))
    .addPrimaryKeyConstraint('template_versions_pk', ['template_id', 'number'])
    .execute();

  await db.schema
    .createTable('template_version_stamps')
    .addColumn('template_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('rect_x', 'double precision', (c) => c.notNull())
    .addColumn('rect_y', 'double precision', (c) => c.notNull())
    .addColumn('rect_width', 'double precision', (c) => c.notNull())
    .addColumn('rect_height', 'double precision', (c) => c.notNull())
    .addColumn('png_hash', 'varchar(64)', (c) => c.notNull().references('template_blobs.hash'))
    .addPrimaryKeyConstraint('template_version_stamps_pk', ['template_id', 'number', 'position'])
    .addForeignKeyConstraint(
      'template_version_stamps_version',
      ['template_id', 'number'],
      'template_versions',
      ['template_id', 'number'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  // The blob clean-up after a delete asks "is this hash still used?" of both tables.
  await db.schema
    .createIndex('template_versions_pdf_hash')
    .on('template_versions')
    .column('pdf_hash')
    .execute();
  await db.schema
    .createIndex('template_versions_preview_hash')
    .on('template_versions')
    .column('preview_hash')
    .execute();
  await db.schema
    .createIndex('template_version_stamps_png_hash')
    .on('template_version_stamps')
    .column('png_hash')
    .execute();

  // "Version" now means a published version: the draft's edit counter is its revision.
  await db.schema.alterTable('templates').renameColumn('version', 'revision').execute();
  // The latest published number, and the draft revision it was published from.
  await db.schema.alterTable('templates').addColumn('published_version', 'integer').execute();
  await db.schema.alterTable('templates').addColumn('published_revision', 'integer').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('templates').dropColumn('published_revision').execute();
  await db.schema.alterTable('templates').dropColumn('published_version').execute();
  await db.schema.alterTable('templates').renameColumn('revision', 'version').execute();
  await db.schema.dropTable('template_version_stamps').execute();
  await db.schema.dropTable('template_versions').execute();
  await db.schema.dropTable('template_blobs').execute();
};
