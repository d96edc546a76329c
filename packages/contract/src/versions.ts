import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { fieldChange } from './field-change.ts';
import { pageInfo, pageQuery } from './paging.ts';
import { stamp } from './stamps.ts';
import { TEMPLATE_LANGUAGE, templateInput, templatePage } from './template-fields.ts';
import { templateApiExample, templateNameParams } from './templates.ts';

const tag = 'Template versions';

export const templateVersionSummary = z
  .object({
    version: z.number().int(),
    publishedAt: z.string(),
    /** The e-mail address of who published it. */
    publishedBy: z.string(),
    note: z.string(),
    fieldCount: z.number().int(),
    /** What changed from the version before (every field is `added` in version 1). */
    changes: z.array(fieldChange),
  })
  .meta({ id: 'TemplateVersionSummary' });
export type TemplateVersionSummary = z.infer<typeof templateVersionSummary>;

export const templateVersionList = z
  .object({ versions: z.array(templateVersionSummary), ...pageInfo })
  .meta({ id: 'TemplateVersionList' });
export type TemplateVersionList = z.infer<typeof templateVersionList>;

export const templateVersionDetail = templateVersionSummary
  .extend({
    templateName: z.string(),
    inputs: z.array(templateInput),
    /** Absent when the version has none. */
    language: z.string().optional().meta({ description: TEMPLATE_LANGUAGE }),
    pages: z.array(templatePage),
    stamps: z.array(stamp),
    /** Base64 PNG of page 1. */
    thumbnail: z.string(),
    /**
     * A generate payload that fills this version, with a working value per field (the same
     * values as the template's `api`: a choice's first option, a picture for an image field).
     */
    api: templateApiExample.extend({ version: z.number().int() }),
  })
  .meta({ id: 'TemplateVersion' });
export type TemplateVersionDetail = z.infer<typeof templateVersionDetail>;

const versionParams = templateNameParams.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
});

export const publishTemplateBody = z.object({
  note: z.string().trim().max(1000).optional(),
  /** Publish even though fields were removed, renamed or changed type. */
  acceptBreaking: z.boolean().optional(),
  /** The draft revision this publish was decided on; a stale one is refused (EDIT_CONFLICT). */
  revision: z.number().int().min(1).optional(),
});
export type PublishTemplateBody = z.input<typeof publishTemplateBody>;

export const publishTemplate = {
  method: 'POST',
  path: '/v1/template/:templateName/publish',
  operationId: 'publishTemplate',
  summary:
    'Freeze the draft as the next published version; 409 BREAKING_CHANGES lists removals, renames and type changes unless acceptBreaking',
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  body: publishTemplateBody,
  response: templateVersionSummary,
  errors: [404, 409],
} as const satisfies Endpoint;

export const listTemplateVersions = {
  method: 'GET',
  path: '/v1/template/:templateName/versions',
  operationId: 'listTemplateVersions',
  summary: "A template's published versions, newest first, a page at a time",
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  // A page holds every version unless a template has more than 100.
  query: pageQuery('versions', 100),
  response: templateVersionList,
  errors: [404],
} as const satisfies Endpoint;

export const getTemplateVersion = {
  method: 'GET',
  path: '/v1/template/:templateName/versions/:version',
  operationId: 'getTemplateVersion',
  summary: 'One published version, read-only: its fields, pages and stamps',
  tag,
  auth: 'apiKeyOrBearer',
  params: versionParams,
  response: templateVersionDetail,
  errors: [404],
} as const satisfies Endpoint;

export const downloadTemplateVersionPdf = {
  method: 'GET',
  path: '/v1/template/:templateName/versions/:version/pdf',
  operationId: 'downloadTemplateVersionPdf',
  summary: "Download a published version's PDF",
  tag,
  auth: 'apiKeyOrBearer',
  params: versionParams,
  response: z.any().meta({ description: "The version's PDF." }),
  produces: 'application/pdf',
  headers: ['content-disposition'],
  errors: [404],
} as const satisfies Endpoint;

export const restoreTemplateVersion = {
  method: 'POST',
  path: '/v1/template/:templateName/versions/:version/restore',
  operationId: 'restoreTemplateVersion',
  summary:
    'Make a published version the draft again (the draft is replaced; publish to release it)',
  tag,
  auth: 'apiKeyOrBearer',
  params: versionParams,
  response: z.object({ message: z.string(), revision: z.number().int() }),
  errors: [404, 409],
} as const satisfies Endpoint;

export const templateSchemaQuery = z.object({
  /** A version number or `draft`; by default what generate fills. */
  version: z.union([z.literal('draft'), z.coerce.number().int().min(1).max(1_000_000)]).optional(),
});

export const getTemplateSchema = {
  method: 'GET',
  path: '/v1/template/:templateName/schema',
  operationId: 'getTemplateSchema',
  summary:
    "The JSON Schema (2020-12) of a version's generate payload `fields`: the types and formats generate accepts",
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  query: templateSchemaQuery,
  response: z.record(z.string(), z.unknown()).meta({ description: 'A JSON Schema (2020-12).' }),
  errors: [404],
} as const satisfies Endpoint;
