import type { Selectable } from 'kysely';
import type { FieldSpec, PageInfo } from '@platen/pdf-engine';
import type { Db, TemplateTable } from '../../db/tables.ts';
import { replaceStamps, type StoredStamp } from './stamps.repository.ts';

export type Template = {
  id: string;
  userId: string;
  name: string;
  description: string;
  /** The draft's edit counter: every change bumps it (compare-and-set). */
  revision: number;
  pages: PageInfo[];
  fields: FieldSpec[];
  previewPng: Buffer;
  /** The default language (BCP 47) of fields that set none, when the request gives none. */
  language: string | null;
  updatedAt: string;
  /** The latest published version's number; null while never published. */
  publishedVersion: number | null;
  /** The draft revision that was published last. */
  publishedRevision: number | null;
};

export type TemplateSummary = Pick<
  Template,
  'name' | 'previewPng' | 'updatedAt' | 'revision' | 'publishedVersion' | 'publishedRevision'
> & {
  fieldCount: number;
};

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

const templateRowToTemplate = (row: Selectable<TemplateTable>): Template => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  description: row.description,
  revision: Number(row.revision),
  pages: JSON.parse(row.pages_json) as PageInfo[],
  fields: JSON.parse(row.fields_json) as FieldSpec[],
  previewPng: row.preview_png,
  language: row.language,
  updatedAt: row.updated_at,
  publishedVersion: nullableNumber(row.published_version),
  publishedRevision: nullableNumber(row.published_revision),
});

/** Every query is scoped to the account: another account's template simply does not exist. */
export const findTemplate = async (db: Db, userId: string, name: string) => {
  const row = await db
    .selectFrom('templates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && templateRowToTemplate(row);
};

export const findTemplatePdf = async (db: Db, templateId: string): Promise<Buffer | undefined> => {
  const row = await db
    .selectFrom('template_files')
    .select('pdf')
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return row?.pdf;
};

export const countTemplates = async (db: Db, userId: string): Promise<number> => {
  const row = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const listTemplates = async (
  db: Db,
  opts: { userId: string; offset: number; limit: number },
): Promise<TemplateSummary[]> => {
  const rows = await db
    .selectFrom('templates')
    .select([
      'name',
      'preview_png',
      'updated_at',
      'field_count',
      'revision',
      'published_version',
      'published_revision',
    ])
    .where('user_id', '=', opts.userId)
    .orderBy('updated_at', 'desc')
    .orderBy('name')
    .offset(opts.offset)
    .limit(opts.limit)
    .execute();
  return rows.map((row) => ({
    name: row.name,
    previewPng: row.preview_png,
    updatedAt: row.updated_at,
    fieldCount: Number(row.field_count),
    revision: Number(row.revision),
    publishedVersion: nullableNumber(row.published_version),
    publishedRevision: nullableNumber(row.published_revision),
  }));
};

export const insertTemplate = async (
  db: Db,
  t: Omit<
    Template,
    'revision' | 'updatedAt' | 'publishedVersion' | 'publishedRevision' | 'language'
  > & {
    pdf: Uint8Array;
    now: string;
  },
) => {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('templates')
      .values({
        id: t.id,
        user_id: t.userId,
        name: t.name,
        description: t.description,
        revision: 1,
        page_count: t.pages.length,
        pages_json: JSON.stringify(t.pages),
        fields_json: JSON.stringify(t.fields),
        field_count: t.fields.length,
        preview_png: t.previewPng,
        created_at: t.now,
        updated_at: t.now,
      })
      .execute();
    await trx
      .insertInto('template_files')
      .values({ template_id: t.id, pdf: Buffer.from(t.pdf) })
      .execute();
  });
};

const isRenameOnly = (changes: object) =>
  Object.entries(changes).every(([key, value]) => key === 'name' || value === undefined);

/**
 * Changes a template and bumps its revision in one statement. The revision check makes two
 * concurrent edits safe: the second, based on an old revision, changes nothing (returns false).
 */
export const updateTemplate = async (
  db: Db,
  t: { id: string; revision: number; now: string },
  changes: {
    name?: string;
    fields?: FieldSpec[];
    pages?: PageInfo[];
    previewPng?: Uint8Array;
    pdf?: Uint8Array;
    stamps?: StoredStamp[];
    /** Null clears it; left out keeps it. */
    language?: string | null;
  },
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('templates')
      .set({
        name: changes.name,
        fields_json: changes.fields && JSON.stringify(changes.fields),
        field_count: changes.fields?.length,
        pages_json: changes.pages && JSON.stringify(changes.pages),
        page_count: changes.pages?.length,
        preview_png: changes.previewPng && Buffer.from(changes.previewPng),
        language: changes.language,
        revision: t.revision + 1,
        // A rename changes nothing a version holds: a draft equal to its version stays equal.
        ...(isRenameOnly(changes) && {
          published_revision: (eb) =>
            eb
              .case()
              .when('published_revision', '=', t.revision)
              .then(t.revision + 1)
              .else(eb.ref('published_revision'))
              .end(),
        }),
        updated_at: t.now,
      })
      .where('id', '=', t.id)
      .where('revision', '=', t.revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (changes.stamps) await replaceStamps(trx, t.id, changes.stamps);
    if (changes.pdf) {
      await trx
        .updateTable('template_files')
        .set({ pdf: Buffer.from(changes.pdf) })
        .where('template_id', '=', t.id)
        .execute();
    }
    return true;
  });

export const deleteTemplate = async (db: Db, userId: string, name: string): Promise<boolean> => {
  const result = await db
    .deleteFrom('templates')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};
