import { z } from 'zod';
import { messageResponse, uploadedFile } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { MAX_PAGE_SIZE, pageInfo, pageSizeParam } from './paging.ts';
import { MAX_STAMPS, stamp, stampBody } from './stamps.ts';
import {
  fieldBoxSchema,
  fieldMessages,
  languageTagSchema,
  TEMPLATE_LANGUAGE,
  templateInput,
  templateInputBody,
  templatePage,
} from './template-fields.ts';

export const MAX_FIELDS = 1000;
export const DEFAULT_PAGE_SIZE = 4;
export const DEFAULT_TEMPLATE_DESCRIPTION = 'Template description';

export const templateMessages = {
  missingFields: 'Missing fields! Please fill in all fields.',
  nameRequired: 'Please give the template a name.',
  nameTooLong: 'The template name must be at most 100 characters.',
  nameControl: 'The template name must not contain control characters.',
  restrictionsRemoved:
    'This PDF was encrypted to restrict its use, but opens without a password, so Platen removed the encryption and its restrictions. The template and the documents made from it are not encrypted.',
  ...fieldMessages,
} as const;

export const templateNameSchema = z
  .string({ error: templateMessages.nameRequired })
  .trim()
  .min(1, { error: templateMessages.nameRequired })
  .max(100, { error: templateMessages.nameTooLong })
  .refine((name) => !/\p{Cc}/u.test(name), { error: templateMessages.nameControl });

/** The generation payload: field values keyed by field label. */
export const generationFields = z.record(z.string(), z.unknown());

export const templateApiExample = z.object({
  templateName: z.string(),
  fields: generationFields,
});

/** Where a template stands: its draft's revision and what of it is published. */
const publicationState = {
  /** Goes up with every change to the draft; send it back on save and publish. */
  revision: z.number().int(),
  /** The latest published version, or null while the template was never published. */
  publishedVersion: z.number().int().nullable(),
  /** The draft differs from the latest published version (always true before the first). */
  hasUnpublishedChanges: z.boolean(),
};

export const templateResponse = z
  .object({
    id: z.string(),
    templateName: z.string(),
    description: z.string(),
    inputs: z.array(templateInput),
    /** The draft's default language; absent when it has none. */
    language: z.string().optional().meta({ description: TEMPLATE_LANGUAGE }),
    /** Base64 PDF. */
    file: z.string(),
    /** Base64 PNG of page 1. */
    thumbnail: z.string(),
    pages: z.array(templatePage),
    /**
     * An example payload of what generate fills by default: the latest published version's
     * fields, or the draft's before the first publish.
     */
    api: templateApiExample,
    apiKey: z.string(),
    /** A curl command that sends `api` to generate. */
    curlCall: z.string(),
    /** Every box of a field with several (linked text, or a value printed in each), with its field's label. */
    boxes: z.array(fieldBoxSchema.extend({ label: z.string() })),
    stamps: z.array(stamp),
    lastUpdate: z.string(),
    /**
     * Only in the answer to an upload: the PDF's own form fields that did not become fields
     * (push buttons, signatures, …), each with the reason.
     */
    notImported: z
      .array(
        z.object({
          name: z.string(),
          /** The field's own full name in the PDF, as form tools show it. */
          fieldName: z.string(),
          /** The page of its first box; none for a field with no box on any page. */
          page: z.number().int().optional(),
          reason: z.string(),
        }),
      )
      .optional(),
    /**
     * Only in the answer to an upload, and only when the PDF was encrypted but opened without a
     * password: says that the encryption and its restrictions were removed.
     */
    restrictionsRemoved: z.string().optional(),
    /**
     * Only in the answer to an upload of a PDF with a form: where each imported field's label
     * came from: the form's tooltip, the words printed beside its box (a guess worth checking)
     * or the field's name in the PDF.
     */
    importedLabels: z
      .array(z.object({ label: z.string(), source: z.enum(['tooltip', 'pageWords', 'name']) }))
      .optional(),
    ...publicationState,
  })
  .meta({ id: 'Template' });
export type TemplateResponse = z.infer<typeof templateResponse>;

export const templateListItem = z.object({
  templateName: z.string(),
  /** Base64 PNG preview of page 1. */
  file: z.string(),
  lastUpdate: z.string(),
  /** The number of fields. */
  coordinates: z.number().int(),
  status: z.enum(['READY', 'DRAFT']),
  type: z.literal('png'),
  ...publicationState,
});
export type TemplateListItem = z.infer<typeof templateListItem>;

/**
 * Pages from 1 with `pageSize`, as every list. Without `pageSize` the first specification's
 * spelling is read (deprecated, kept for the clients built on it): `page` from 0 and `size`.
 */
export const templateListQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(1_000_000).optional().meta({
      description:
        'The page: from 1 when `pageSize` is sent; from 0 without it (deprecated, with `size`).',
    }),
    pageSize: pageSizeParam('templates').optional(),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE, { error: `A page holds at most ${MAX_PAGE_SIZE} templates.` })
      .optional()
      .meta({ deprecated: true, description: 'Deprecated: send `pageSize` (and `page` from 1).' }),
  })
  .superRefine((query, ctx) => {
    if (query.pageSize === undefined) return;
    if (query.size !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: 'Send pageSize or the deprecated size, not both.',
      });
    }
    if (query.page === 0) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'page counts from 1.' });
    }
  });

/** The page a template list query asks for, from 1, in either spelling. */
export const templatePageOf = (query: z.output<typeof templateListQuery>) =>
  query.pageSize === undefined
    ? { page: (query.page ?? 0) + 1, pageSize: query.size ?? DEFAULT_PAGE_SIZE }
    : { page: query.page ?? 1, pageSize: query.pageSize };

export const templateListResponse = z
  .object({
    templates: z.array(templateListItem),
    ...pageInfo,
    /** Deprecated: `total`. */
    totalElements: z.number().int(),
    /** Deprecated: `Math.ceil(total / pageSize)`. */
    totalPages: z.number().int(),
    /** Deprecated: `page - 1`, the page from 0. */
    currentPage: z.number().int(),
  })
  .meta({ id: 'TemplateList' });
export type TemplateListResponse = z.infer<typeof templateListResponse>;

export const templateNameParams = z.object({ templateName: templateNameSchema });

export const saveTemplateBody = z.object({
  templateName: templateNameSchema,
  inputs: z
    .array(templateInputBody)
    .max(MAX_FIELDS, { error: 'A template holds at most 1000 fields.' }),
  /** Leave out to keep the saved stamps as they are. */
  stamps: z
    .array(stampBody)
    .max(MAX_STAMPS, { error: `A template holds at most ${MAX_STAMPS} stamps.` })
    .optional(),
  boxes: z
    .array(z.unknown())
    .optional()
    .meta({ description: 'Accepted and ignored: linked-text boxes travel inside their input.' }),
  /** The revision the edit started from; a stale one is refused with 409 EDIT_CONFLICT. */
  revision: z.number().int().min(1).optional(),
  /** Leave out to keep the saved one; null clears it. */
  language: languageTagSchema
    .nullable()
    .optional()
    .meta({ description: `${TEMPLATE_LANGUAGE} Leave out to keep the saved one; null clears it.` }),
});
export type SaveTemplateBody = z.input<typeof saveTemplateBody>;

export const replaceTemplateResponse = z.object({
  message: z.string(),
  /** Labels of stamps that no longer fit on the new pages and were removed. */
  removedFields: z.array(z.string()),
  /** Labels of fields that no longer lie on the new pages: kept in the draft, to be moved. */
  outOfBounds: z.array(z.string()),
  /** As in the upload answer: present when the encryption of the new PDF was removed. */
  restrictionsRemoved: z.string().optional(),
});

const tag = 'Templates';

export const listTemplates = {
  method: 'GET',
  path: '/v1/template',
  operationId: 'listTemplates',
  summary:
    'List your templates, a page at a time (`page` from 1 and `pageSize` at most 100; deprecated: `page` from 0 and `size`)',
  tag,
  auth: 'apiKeyOrBearer',
  query: templateListQuery,
  response: templateListResponse,
} as const satisfies Endpoint;

export const createTemplate = {
  method: 'POST',
  path: '/v1/template',
  operationId: 'createTemplate',
  summary: 'Upload a PDF as a new template (multipart: file, templateName, templateDescription)',
  tag,
  auth: 'apiKeyOrBearer',
  noStore: true,
  consumes: 'multipart/form-data',
  upload: z.object({
    file: uploadedFile("The PDF; its form fields, if any, become the template's fields."),
    templateName: templateNameSchema,
    templateDescription: z
      .string()
      .optional()
      .meta({ description: 'Up to 1,000 characters; a default text when left out.' }),
  }),
  response: templateResponse,
  errors: [409, 422, 503],
} as const satisfies Endpoint;

export const getTemplate = {
  method: 'GET',
  path: '/v1/template/:templateName',
  operationId: 'getTemplate',
  summary: 'A template with its fields, PDF, API example and curl command',
  tag,
  auth: 'apiKeyOrBearer',
  noStore: true,
  params: templateNameParams,
  response: templateResponse,
  errors: [404],
} as const satisfies Endpoint;

export const saveTemplate = {
  method: 'PUT',
  path: '/v1/template',
  operationId: 'saveTemplate',
  summary: "Replace a template's fields",
  tag,
  auth: 'apiKeyOrBearer',
  noStore: true,
  body: saveTemplateBody,
  response: templateResponse,
  errors: [404, 409, 422, 429],
} as const satisfies Endpoint;

export const deleteTemplate = {
  method: 'DELETE',
  path: '/v1/template/:templateName',
  operationId: 'deleteTemplate',
  summary: 'Delete a template',
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  response: messageResponse,
  errors: [404],
} as const satisfies Endpoint;

export const deleteTemplateField = {
  method: 'DELETE',
  path: '/v1/template/:templateName/coordinate',
  operationId: 'deleteTemplateField',
  summary: 'Delete one field of a template',
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  body: z.object({ id: z.string().min(1).max(64) }),
  response: messageResponse,
  errors: [404],
} as const satisfies Endpoint;

export const renameTemplate = {
  method: 'POST',
  path: '/v1/template/:templateName/update/name',
  operationId: 'renameTemplate',
  summary: 'Rename a template',
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  body: z.object({ name: templateNameSchema }),
  response: z.object({ templateName: z.string() }),
  errors: [404, 409],
} as const satisfies Endpoint;

export const replaceTemplatePdf = {
  method: 'POST',
  path: '/v1/template/:templateName/update/pdf',
  operationId: 'replaceTemplatePdf',
  summary: "Replace a template's PDF, keeping the fields that still fit (multipart: file)",
  tag,
  auth: 'apiKeyOrBearer',
  params: templateNameParams,
  consumes: 'multipart/form-data',
  upload: z.object({ file: uploadedFile('The new PDF.') }),
  response: replaceTemplateResponse,
  errors: [404, 422, 503],
} as const satisfies Endpoint;

export const downloadTemplatePdf = {
  method: 'GET',
  path: '/v1/template/:templateName/pdf',
  operationId: 'downloadTemplatePdf',
  summary: "Download a template's PDF",
  tag,
  auth: 'apiKeyOrBearer',
  noStore: true,
  params: templateNameParams,
  response: z.any().meta({ description: "The template's PDF." }),
  produces: 'application/pdf',
  headers: ['content-disposition'],
  errors: [404],
} as const satisfies Endpoint;
