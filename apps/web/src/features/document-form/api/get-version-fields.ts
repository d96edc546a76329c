import { getTemplateSchema } from '@platen/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { schemaFields, type SchemaField } from '../model/version-fields.ts';

/**
 * The fields a published version accepts, read from its payload schema; null while the form
 * fills the draft (its fields are the draft's example payload).
 */
export const useVersionFields = (
  templateName: string,
  version: number | 'draft',
): SchemaField[] | null | undefined => {
  const isVersion = version !== 'draft';
  const query = useQuery({
    queryKey: ['templates', 'versions', templateName, version, 'form-schema'],
    queryFn: ({ signal }) =>
      // The contract's query schema is not part of the path; build the query string here.
      request(
        { ...getTemplateSchema, path: `${getTemplateSchema.path}?version=${String(version)}` },
        { params: { templateName }, signal },
      ),
    enabled: isVersion,
    staleTime: Infinity,
  });
  if (!isVersion) return null;
  return query.data ? schemaFields(query.data) : undefined;
};
