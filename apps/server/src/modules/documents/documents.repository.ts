import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/tables.ts';

/**
 * An account's template (by name or by id) and the version to fill, in one statement on unique
 * indexes (the account's API key row, found by the key's hash or by the account, then the account
 * and name or the id, then the template and version number). Every account has exactly one key
 * row from sign-up on, so starting from it serves an API call and a signed-in account alike.
 * `templateId` is null when the account is known but the template is not; no row means the key
 * is unknown. `pinned` is a version number, or '' for the latest published one (`0` asks for no
 * version: the draft); `versionNumber` is null when that version does not exist, and `fieldsJson`
 * is then the draft's.
 */
const lookUp = (
  owner: 'api_keys.key_hash' | 'api_keys.user_id',
  by: 'templates.name' | 'templates.id',
) =>
  compiledOnce((db, ownedBy: string, template: string, pinned: string) =>
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
        'template_versions.language as versionLanguage',
        'templates.language as draftLanguage',
        // One JSON text, the version's or else the draft's: the other is never read.
        (eb) =>
          eb.fn.coalesce('template_versions.fields_json', 'templates.fields_json').as('fieldsJson'),
      ])
      .where(owner, '=', ownedBy),
  );

const lookUps = {
  key: {
    name: lookUp('api_keys.key_hash', 'templates.name'),
    id: lookUp('api_keys.key_hash', 'templates.id'),
  },
  account: {
    name: lookUp('api_keys.user_id', 'templates.name'),
    id: lookUp('api_keys.user_id', 'templates.id'),
  },
};

const findTemplate = async (
  db: Db,
  owner: keyof typeof lookUps,
  ownedBy: string,
  template: { name: string } | { id: string },
  pinned: number | 'draft' | undefined,
) => {
  const version = pinned === undefined ? '' : pinned === 'draft' ? '0' : String(pinned);
  const query =
    'name' in template
      ? lookUps[owner].name(db, ownedBy, template.name, version)
      : lookUps[owner].id(db, ownedBy, template.id, version);
  return (await db.executeQuery(query)).rows[0];
};

/** The account of an API key (by its stored hash), its template and the version to fill. */
export const findKeyAndTemplate = (
  db: Db,
  keyHash: string,
  template: { name: string } | { id: string },
  pinned: number | 'draft' | undefined,
) => findTemplate(db, 'key', keyHash, template, pinned);

/** An account's template and the version to fill, as `findKeyAndTemplate` finds it for a key. */
export const findAccountTemplate = (
  db: Db,
  userId: string,
  template: { name: string } | { id: string },
  pinned: number | 'draft' | undefined,
) => findTemplate(db, 'account', userId, template, pinned);
