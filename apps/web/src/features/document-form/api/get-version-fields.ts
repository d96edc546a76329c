import { getTemplateSchema } from '@platen/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { schemaFields, type SchemaField } from '../model/version-fields.ts';

/**
 * The fields of the version the form fills, read from its payload schema; null when that is the
 * version the template's example payload was built from (what the API fills by default), whose
 * fields are the payload's own.
 */
export const useVersionFields = (
  templateName: string,
  version: number | 'draft',
  payload: { version: number | 'draft'; revision: number },
): SchemaField[] | null | undefined => {
  const isOther = version !== payload.version;
  const query = useQuery({
    // A published version never changes; the draft's schema is read again for each revision.
    queryKey: [
      'templates',
      'versions',
      templateName,
      version,
      ...(version === 'draft' ? [payload.revision] : []),
      'form-schema',
    ],
    queryFn: ({ signal }) =>
      // The contract's query schema is not part of the path; build the query string here.
      request(
        { ...getTemplateSchema, path: `${getTemplateSchema.path}?version=${String(version)}` },
        { params: { templateName }, signal },
      ),
    enabled: isOther,
    staleTime: Infinity,
  });
  if (!isOther) return null;
  return query.data ? schemaFields(query.data) : undefined;
};
