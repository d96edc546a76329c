import type { Kysely } from 'kysely';
import { binaryType } from '../dialect.ts';

/** Static pictures (logos, signatures) placed on a template and drawn into every document. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('template_stamps')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(36)', (c) =>
      c.notNull().references('templates.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('rect_x', 'double precision', (c) => c.notNull())
    .addColumn('rect_y', 'double precision', (c) => c.notNull())
    .addColumn('rect_width', 'double precision', (c) => c.notNull())
    .addColumn('rect_height', 'double precision', (c) => c.notNull())
    .addColumn('png', binaryType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('template_stamps_template_id')
    .on('template_stamps')
    .column('template_id')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('template_stamps').execute();
};
