import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/tables.ts';

/**
 * The account of an API key and its template of that name, in one statement on two unique
 * indexes (the key's hash, then the account and name). `templateId` is null when the key is
 * known but the template is not; no row means the key is unknown.
 */
const keyAndTemplate = compiledOnce((db, keyHash: string, templateName: string) =>
  db
    .selectFrom('api_keys')
    .leftJoin('templates', (join) =>
      join
        .onRef('templates.user_id', '=', 'api_keys.user_id')
        .on('templates.name', '=', templateName),
    )
    .select([
      'api_keys.user_id as userId',
      'templates.id as templateId',
      'templates.version',
      'templates.fields_json as fieldsJson',
    ])
    .where('api_keys.key_hash', '=', keyHash),
);

export const findKeyAndTemplate = async (db: Db, keyHash: string, templateName: string) =>
  (await db.executeQuery(keyAndTemplate(db, keyHash, templateName))).rows[0];
