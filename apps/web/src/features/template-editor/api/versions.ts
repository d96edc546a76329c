import {
  downloadTemplateVersionPdf,
  generateDocument,
  getTemplateSchema,
  getTemplateVersion,
  listTemplateVersions,
  publishTemplate,
  restoreTemplateVersion,
  type PublishTemplateBody,
} from '@platen/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../components/files/save-blob.ts';
import { request, requestBlob } from '../../../lib/api-client.ts';
import { templateKeys } from './template-editor-query-keys.ts';

const versionParams = (templateName: string, version: number) => ({
  templateName,
  version: String(version),
});

const versionsQuery = (templateName: string) =>
  queryOptions({
    queryKey: templateKeys.versions(templateName),
    queryFn: ({ signal }) =>
      request(listTemplateVersions, { params: { templateName }, signal }).then((r) => r.versions),
  });

export const useVersions = (templateName: string, isEnabled = true) =>
  useQuery({ ...versionsQuery(templateName), enabled: isEnabled });

/** One published version; it never changes, so it is fetched once. */
export const versionDetailQuery = (templateName: string, version: number) =>
  queryOptions({
    queryKey: templateKeys.version(templateName, version),
    queryFn: ({ signal }) =>
      request(getTemplateVersion, { params: versionParams(templateName, version), signal }),
    staleTime: Infinity,
    retry: false,
  });

export const useVersion = (templateName: string, version: number | null) =>
  useQuery({ ...versionDetailQuery(templateName, version ?? 0), enabled: version !== null });

const fetchVersionPdf = (templateName: string, version: number) =>
  requestBlob(downloadTemplateVersionPdf, { params: versionParams(templateName, version) });

export const downloadVersionPdf = async (templateName: string, version: number) =>
  saveBlob(await fetchVersionPdf(templateName, version), `${templateName} v${version}.pdf`);

/** The draft, its badges and the history all change with a publish or a restore. */
const refreshTemplate = (queryClient: ReturnType<typeof useQueryClient>, templateName: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: templateKeys.detail(templateName), exact: true }),
    queryClient.invalidateQueries({ queryKey: templateKeys.versions(templateName) }),
    queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] }),
  ]);

export const usePublishTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateName, body }: { templateName: string; body: PublishTemplateBody }) =>
      request(publishTemplate, { params: { templateName }, body }),
    onSuccess: (_version, { templateName }) => refreshTemplate(queryClient, templateName),
  });
};

export const useRestoreVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateName, version }: { templateName: string; version: number }) =>
      request(restoreTemplateVersion, { params: versionParams(templateName, version) }),
    onSuccess: (_answer, { templateName }) => refreshTemplate(queryClient, templateName),
  });
};

/** A SAMPLE-marked document of one version, in test mode: not counted against the plan. */
export const generateVersionSample = (options: {
  apiKey: string;
  templateId: string;
  version: number;
  fields: Record<string, unknown>;
}) =>
  requestBlob(generateDocument, {
    body: {
      templateId: options.templateId,
      version: options.version,
      fields: options.fields,
      test: true,
    },
    headers: { 'x-api-key': options.apiKey },
  });

const blobToBase64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and those are limited.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

/** A version's PDF as the editor canvas takes it (base64, like the draft's `file`). */
export const useVersionPdf = (templateName: string, version: number) =>
  useQuery({
    queryKey: [...templateKeys.version(templateName, version), 'pdf'],
    queryFn: async () => blobToBase64(await fetchVersionPdf(templateName, version)),
    staleTime: Infinity,
    retry: false,
  });

/** The JSON Schema of the payload generate accepts for what it fills by default. */
export const useTemplateSchema = (templateName: string, isEnabled: boolean) =>
  useQuery({
    queryKey: [...templateKeys.versions(templateName), 'schema'],
    queryFn: ({ signal }) => request(getTemplateSchema, { params: { templateName }, signal }),
    enabled: isEnabled,
  });
