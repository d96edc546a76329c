import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/tables.ts';

/**
 * The account of an API key, its template (by name or by id) and the version to fill, in one
 * statement on unique indexes (the key's hash, then the account and name or the id, then the
 * template and version number). `templateId` is null when the key is known but the template is
 * not; no row means the key is unknown. `pinned` is a version number, or '' for the latest
 * published one (`0` asks for no version: the draft); `versionNumber` is null when that version
 * does not exist, and `fieldsJson` is then the draft's.
 */
const lookUp = (by: 'templates.name' | 'templates.id') =>
  compiledOnce((db, keyHash: string, template: string, pinned: string) =>
    db
      .selectFrom('api_keys')
      .leftJoin('templates', (join) =>
        join.onRef('templates.user_id', '=', 'api_keys.user_id').on(by, '=', template),
      )
      .leftJoin('template_versions', (join) =>
        join
          .onRef('template_versions.template_id', '=', 'templates.id')
          .on(
            'template_versions.number',
            '=',
            sql<number>`coalesce(cast(nullif(${pinned}, '') as integer), ${sql.ref('templates.published_version')})`,
          ),
      )
      .select([
        'api_keys.user_id as userId',
        'templates.id as templateId',
        'templates.name as templateName',
        'templates.revision',
        'templates.published_version as publishedVersion',
        'templates.page_count as draftPageCount',
        'template_versions.number as versionNumber',
        'template_versions.pdf_hash as pdfHash',
        // One JSON text, the version's or else the draft's: the other is never read.
        (eb) =>
          eb.fn.coalesce('template_versions.fields_json', 'templates.fields_json').as('fieldsJson'),
      ])
      .where('api_keys.key_hash', '=', keyHash),
  );

const byName = lookUp('templates.name');
const byId = lookUp('templates.id');

export const findKeyAndTemplate = async (
  db: Db,
  keyHash: string,
  template: { name: string } | { id: string },
  pinned: number | 'draft' | undefined,
) => {
  const version = pinned === undefined ? '' : pinned === 'draft' ? '0' : String(pinned);
  const query =
    'name' in template
      ? byName(db, keyHash, template.name, version)
      : byId(db, keyHash, template.id, version);
  return (await db.executeQuery(query)).rows[0];
};

/**
 * An account's template (by name or by id) and the version to fill, as `findKeyAndTemplate`
 * finds it for an API key; no row when the account has no such template.
 */
const templateOf = (by: 'templates.name' | 'templates.id') =>
  compiledOnce((db, userId: string, template: string, pinned: string) =>
    db
      .selectFrom('templates')
      .leftJoin('template_versions', (join) =>
        join
          .onRef('template_versions.template_id', '=', 'templates.id')
          .on(
            'template_versions.number',
            '=',
            sql<number>`coalesce(cast(nullif(${pinned}, '') as integer), ${sql.ref('templates.published_version')})`,
          ),
      )
      .select([
        'templates.user_id as userId',
        'templates.id as templateId',
        'templates.name as templateName',
        'templates.revision',
        'templates.published_version as publishedVersion',
        'templates.page_count as draftPageCount',
        'template_versions.number as versionNumber',
        'template_versions.pdf_hash as pdfHash',
        (eb) =>
          eb.fn.coalesce('template_versions.fields_json', 'templates.fields_json').as('fieldsJson'),
      ])
      .where('templates.user_id', '=', userId)
      .where(by, '=', template),
  );

const accountTemplateByName = templateOf('templates.name');
const accountTemplateById = templateOf('templates.id');

export const findAccountTemplate = async (
  db: Db,
  userId: string,
  template: { name: string } | { id: string },
  pinned: number | 'draft' | undefined,
) => {
  const version = pinned === undefined ? '' : pinned === 'draft' ? '0' : String(pinned);
  const query =
    'name' in template
      ? accountTemplateByName(db, userId, template.name, version)
      : accountTemplateById(db, userId, template.id, version);
  return (await db.executeQuery(query)).rows[0];
};
