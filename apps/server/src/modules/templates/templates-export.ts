import type { FieldSpec } from '@platen/pdf-engine';
import type { Db } from '../../db/tables.ts';
import { findTemplatePdf } from './templates.repository.ts';
import { findBlob, listVersions } from './versions.repository.ts';

/** Bytes read from the database only when asked, so an export holds one file at a time. */
type LoadBytes = () => Promise<Buffer | undefined>;

type StampPlace = {
  page: number;
  rectX: number;
  rectY: number;
  rectWidth: number;
  rectHeight: number;
};

type StampForExport = { place: StampPlace; png: LoadBytes };

export type TemplateForExport = {
  /** The template as account.json describes it. */
  about: {
    name: string;
    description: string;
    revision: number;
    pageCount: number;
    fields: FieldSpec[];
    /** The default language of fields that set none; null: none. */
    language: string | null;
    createdAt: string;
    updatedAt: string;
    publishedVersion: number | null;
  };
  pdf: LoadBytes;
  stamps: StampForExport[];
  versions: {
    about: {
      number: number;
      publishedAt: string;
      publishedBy: string;
      note: string;
      fields: FieldSpec[];
      language: string | null;
    };
    pdf: LoadBytes;
    stamps: StampForExport[];
  }[];
};

const placeOf = (row: {
  page: number;
  rect_x: number;
  rect_y: number;
  rect_width: number;
  rect_height: number;
}): StampPlace => ({
  page: Number(row.page),
  rectX: Number(row.rect_x),
  rectY: Number(row.rect_y),
  rectWidth: Number(row.rect_width),
  rectHeight: Number(row.rect_height),
});

/**
 * Every template of the account for its data export: what each is (name, fields, versions,
 * where stamps sit) and, read only when the export writes it, each PDF and stamp picture. Draft
 * and versions often share bytes (blobs by SHA-256); the export writes each where it belongs.
 */
export const templatesForExport = async (db: Db, userId: string): Promise<TemplateForExport[]> => {
  const templates = await db
    .selectFrom('templates')
    .select([
      'id',
      'name',
      'description',
      'revision',
      'page_count',
      'fields_json',
      'language',
      'created_at',
      'updated_at',
      'published_version',
    ])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return Promise.all(
    templates.map(async (template) => {
      const stamps = await db
        .selectFrom('template_stamps')
        .select(['id', 'page', 'rect_x', 'rect_y', 'rect_width', 'rect_height'])
        .where('template_id', '=', template.id)
        .orderBy('position')
        .execute();
      const versionStamps = await db
        .selectFrom('template_version_stamps')
        .select(['number', 'page', 'rect_x', 'rect_y', 'rect_width', 'rect_height', 'png_hash'])
        .where('template_id', '=', template.id)
        .orderBy('number')
        .orderBy('position')
        .execute();
      const versions = await listVersions(db, template.id);
      return {
        about: {
          name: template.name,
          description: template.description,
          revision: Number(template.revision),
          pageCount: Number(template.page_count),
          fields: JSON.parse(template.fields_json) as FieldSpec[],
          language: template.language,
          createdAt: template.created_at,
          updatedAt: template.updated_at,
          publishedVersion:
            template.published_version === null ? null : Number(template.published_version),
        },
        pdf: () => findTemplatePdf(db, template.id),
        stamps: stamps.map((stamp) => ({
          place: placeOf(stamp),
          png: async () =>
            (
              await db
                .selectFrom('template_stamps')
                .select('png')
                .where('id', '=', stamp.id)
                .executeTakeFirst()
            )?.png,
        })),
        versions: versions.reverse().map((version) => ({
          about: {
            number: version.number,
            publishedAt: version.publishedAt,
            publishedBy: version.publishedBy,
            note: version.note,
            fields: version.fields,
            language: version.language,
          },
          pdf: () => findBlob(db, version.pdfHash),
          stamps: versionStamps
            .filter((stamp) => Number(stamp.number) === version.number)
            .map((stamp) => ({ place: placeOf(stamp), png: () => findBlob(db, stamp.png_hash) })),
        })),
      };
    }),
  );
};
