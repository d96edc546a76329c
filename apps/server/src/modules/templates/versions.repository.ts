import { createHash } from 'node:crypto';
import type { FieldChange } from '@platen/contract';
import type { FieldSpec, PageInfo } from '@platen/pdf-engine';
import type { Db, Tables } from '../../db/tables.ts';
import { stampRowToStamp, type StoredStamp } from './stamps.repository.ts';

export type TemplateVersionRow = {
  number: number;
  publishedAt: string;
  publishedBy: string;
  note: string;
  pages: PageInfo[];
  fields: FieldSpec[];
  fieldCount: number;
  changes: FieldChange[];
  pdfHash: string;
  previewHash: string;
  language: string | null;
};

const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stores bytes under their hash unless already there; returns the hash. */
const putBlob = async (db: Db, bytes: Uint8Array): Promise<string> => {
  const hash = contentHash(bytes);
  await db
    .insertInto('template_blobs')
    .values({ hash, bytes: Buffer.from(bytes) })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  return hash;
};

export const findBlob = async (db: Db, hash: string): Promise<Buffer | undefined> =>
  (
    await db
      .selectFrom('template_blobs')
      .select('bytes')
      .where('hash', '=', hash)
      .executeTakeFirst()
  )?.bytes;

const toVersion = (row: Omit<Tables['template_versions'], 'template_id'>): TemplateVersionRow => ({
  number: Number(row.number),
  publishedAt: row.published_at,
  publishedBy: row.published_by,
  note: row.note,
  pages: JSON.parse(row.pages_json) as PageInfo[],
  fields: JSON.parse(row.fields_json) as FieldSpec[],
  fieldCount: Number(row.field_count),
  changes: JSON.parse(row.changes_json) as FieldChange[],
  pdfHash: row.pdf_hash,
  previewHash: row.preview_hash,
  language: row.language,
});

/** A template's versions, newest first: all of them, or one page's. */
export const listVersions = async (
  db: Db,
  templateId: string,
  page?: { offset: number; limit: number },
) => {
  let query = db
    .selectFrom('template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('number', 'desc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return (await query.execute()).map(toVersion);
};

export const countVersions = async (db: Db, templateId: string): Promise<number> => {
  const row = await db
    .selectFrom('template_versions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('template_id', '=', templateId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const findVersion = async (db: Db, templateId: string, number: number) => {
  const row = await db
    .selectFrom('template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row && toVersion(row);
};

/** A version's stamps with their pictures, in drawing order. */
export const listVersionStamps = async (
  db: Db,
  templateId: string,
  number: number,
): Promise<StoredStamp[]> => {
  const rows = await db
    .selectFrom('template_version_stamps as s')
    .innerJoin('template_blobs as b', 'b.hash', 's.png_hash')
    .select(['s.id', 's.page', 's.rect_x', 's.rect_y', 's.rect_width', 's.rect_height', 'b.bytes'])
    .where('s.template_id', '=', templateId)
    .where('s.number', '=', number)
    .orderBy('s.position')
    .execute();
  return rows.map((row) => stampRowToStamp(row, row.bytes));
};

/**
 * Freezes a draft as version `number`, in one transaction: the bytes by hash, the version and its
 * stamps, then the template's pointer, under a compare-and-set on the draft's revision and the
 * latest number, so a draft edited or published meanwhile publishes nothing (returns false).
 */
export const insertVersion = async (
  db: Db,
  v: {
    templateId: string;
    revision: number;
    previous: number | null;
    number: number;
    publishedAt: string;
    publishedBy: string;
    note: string;
    pages: PageInfo[];
    fields: FieldSpec[];
    language: string | null;
    changes: FieldChange[];
    pdf: Uint8Array;
    previewPng: Uint8Array;
    stamps: StoredStamp[];
  },
  /** More of the same change (the webhook event), written in its transaction. */
  alongside: (trx: Db) => Promise<void> = async () => undefined,
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('templates')
      .set({ published_version: v.number, published_revision: v.revision })
      .where('id', '=', v.templateId)
      .where('revision', '=', v.revision)
      .where((eb) =>
        v.previous === null
          ? eb('published_version', 'is', null)
          : eb('published_version', '=', v.previous),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const pdfHash = await putBlob(trx, v.pdf);
    const previewHash = await putBlob(trx, v.previewPng);
    await trx
      .insertInto('template_versions')
      .values({
        template_id: v.templateId,
        number: v.number,
        published_at: v.publishedAt,
        published_by: v.publishedBy,
        note: v.note,
        pages_json: JSON.stringify(v.pages),
        fields_json: JSON.stringify(v.fields),
        field_count: v.fields.length,
        changes_json: JSON.stringify(v.changes),
        pdf_hash: pdfHash,
        preview_hash: previewHash,
        language: v.language,
      })
      .execute();
    for (const [position, s] of v.stamps.entries()) {
      await trx
        .insertInto('template_version_stamps')
        .values({
          template_id: v.templateId,
          number: v.number,
          position,
          id: s.id,
          page: s.page,
          rect_x: s.rectX,
          rect_y: s.rectY,
          rect_width: s.rectWidth,
          rect_height: s.rectHeight,
          png_hash: await putBlob(trx, s.png),
        })
        .execute();
    }
    await alongside(trx);
    return true;
  });

/** Every blob hash the versions of these templates use. */
const blobsOfTemplates = async (db: Db, templateIds: readonly string[]): Promise<string[]> => {
  if (templateIds.length === 0) return [];
  const rows = await db
    .selectFrom('template_versions')
    .select(['pdf_hash as hash'])
    .where('template_id', 'in', templateIds)
    .union(
      db
        .selectFrom('template_versions')
        .select(['preview_hash as hash'])
        .where('template_id', 'in', templateIds),
    )
    .union(
      db
        .selectFrom('template_version_stamps')
        .select(['png_hash as hash'])
        .where('template_id', 'in', templateIds),
    )
    .execute();
  return rows.map((row) => row.hash);
};

/** Every blob hash a template's versions use; read before deleting it. */
export const blobsOfTemplate = (db: Db, templateId: string) => blobsOfTemplates(db, [templateId]);

/** Every blob hash the versions of an account's templates use; read before deleting it. */
export const blobsOfAccount = async (db: Db, userId: string): Promise<string[]> => {
  const templates = await db
    .selectFrom('templates')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return blobsOfTemplates(
    db,
    templates.map((template) => template.id),
  );
};

/**
 * Deletes those of the given blobs no version uses any more. A publish racing it may still use
 * one: its foreign key then refuses the delete, which is left for a later clean-up.
 */
export const deleteUnusedBlobs = async (db: Db, hashes: string[]) => {
  if (hashes.length === 0) return;
  await db
    .deleteFrom('template_blobs')
    .where('hash', 'in', hashes)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('template_versions')
            .select('number')
            .where((inner) =>
              inner.or([
                inner('pdf_hash', '=', inner.ref('template_blobs.hash')),
                inner('preview_hash', '=', inner.ref('template_blobs.hash')),
              ]),
            ),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('template_version_stamps')
            .select('number')
            .whereRef('png_hash', '=', 'template_blobs.hash'),
        ),
      ),
    )
    .execute();
};
