import { z } from 'zod';
import { messageResponse, uploadedFile } from './common.ts';
import type { Endpoint } from './endpoint.ts';

export const fieldTypes = [
  'text',
  'date',
  'number',
  'email',
  'linked_text',
  'long_text',
  'image',
  'checkbox',
  'radio',
  'choice',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const fontFamilies = ['arial', 'helvetica', 'timesnewroman', 'courier'] as const;
export type FontFamily = (typeof fontFamilies)[number];

export const textAligns = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof textAligns)[number];

/** product.md §9: the editor offers 10–24 pt; imported form fields may carry other sizes. */
export const FONT_SIZE = { min: 6, max: 72, default: 14, editorMin: 10, editorMax: 24 } as const;
export const MAX_FIELDS = 1000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 4;
export const DEFAULT_TEMPLATE_DESCRIPTION = 'Template description';

export const templateMessages = {
  missingFields: 'Missing fields! Please fill in all fields.',
  nameRequired: 'Please give the template a name.',
  nameTooLong: 'The template name must be at most 100 characters.',
  nameControl: 'The template name must not contain control characters.',
  labelRequired: 'Every field needs a label.',
  labelProto: 'A field cannot be labelled "__proto__": a JSON request cannot carry a value for it.',
  typeRequired: 'Every field needs a type.',
} as const;

export const templateNameSchema = z
  .string({ error: templateMessages.nameRequired })
  .trim()
  .min(1, { error: templateMessages.nameRequired })
  .max(100, { error: templateMessages.nameTooLong })
  .refine((name) => !/\p{Cc}/u.test(name), { error: templateMessages.nameControl });

/** Points on a displayed page; no real page is larger than 200 inches. */
const points = z.number().finite().min(0).max(14_400);
const size = z.number().finite().positive().max(14_400);
const pageNumber = z.number().int().min(1).max(500);

export const rectSchema = z.object({
  rectX: points,
  rectY: points,
  rectWidth: size,
  rectHeight: size,
});

export const fieldBoxSchema = rectSchema.extend({ page: pageNumber }).meta({ id: 'FieldBox' });
export type FieldBox = z.infer<typeof fieldBoxSchema>;

/** Most options a choice field may list (a list of the world's countries has about 250). */
export const MAX_CHOICE_OPTIONS = 1000;

/**
 * One option of a choice field: the payload sends `value`; `label` is what a list-style choice
 * prints. A radio-style option has its own `box`, marked when it is chosen.
 */
export const choiceOptionSchema = z
  .object({
    value: z
      .string()
      .trim()
      .min(1, { error: 'Every option needs a value.' })
      .max(200, { error: 'An option value must be at most 200 characters.' }),
    label: z
      .string()
      .trim()
      .min(1, { error: 'Every option needs a label.' })
      .max(200, { error: 'An option label must be at most 200 characters.' }),
    box: fieldBoxSchema.optional(),
  })
  .meta({ id: 'ChoiceOptionBody' });

/** An option as stored and sent back: checked on the way in, so read as it is. */
export const choiceOption = z
  .object({ value: z.string(), label: z.string(), box: fieldBoxSchema.optional() })
  .meta({ id: 'ChoiceOption' });
export type ChoiceOption = z.infer<typeof choiceOption>;

/** Date patterns the field panel offers (date-fns tokens; any valid pattern is accepted). */
export const datePatterns = [
  'dd.MM.yyyy',
  'MM/dd/yyyy',
  'dd/MM/yyyy',
  'yyyy-MM-dd',
  'd MMMM yyyy',
  'MMMM d, yyyy',
] as const;
/** Locales the field panel offers (BCP 47; any locale the server knows is accepted). */
export const formatLocales = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'ja-JP',
  'zh-CN',
] as const;

const formatLocale = z.string().trim().min(2).max(35).optional();

/**
 * How a field prints its value: a date (sent as an ISO date, printed with a pattern in a
 * locale), a number (decimals, grouping, locale, optionally as an amount of an ISO 4217
 * currency) or text in upper case. Each applies to its field types only (checked on save).
 */
export const valueFormatSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('date'),
      pattern: z.string().trim().min(1, { error: 'A date format needs a pattern.' }).max(40),
      locale: formatLocale,
    }),
    z.object({
      kind: z.literal('number'),
      decimals: z.number().int().min(0).max(6).optional(),
      grouping: z.boolean().optional(),
      locale: formatLocale,
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, { error: 'A currency is a three-letter ISO 4217 code, like EUR.' })
        .optional(),
    }),
    z.object({ kind: z.literal('uppercase') }),
  ])
  .meta({ id: 'ValueFormat' });
export type ValueFormat = z.infer<typeof valueFormatSchema>;

/** Which field types each format applies to. */
export const formatFieldTypes: Record<ValueFormat['kind'], readonly FieldType[]> = {
  date: ['date'],
  number: ['number'],
  uppercase: ['text', 'long_text', 'linked_text', 'email'],
};

/** Counter-clockwise turn of a field's text on the displayed page (imported rotated widgets). */
export const fieldRotations = [0, 90, 180, 270] as const;
const fieldRotation = z.literal(fieldRotations);

const fieldStyle = {
  fontSize: z.number().min(FONT_SIZE.min).max(FONT_SIZE.max).default(FONT_SIZE.default),
  fontFamily: z.enum(fontFamilies).default('helvetica'),
  textAlign: z.enum(textAligns).default('left'),
  fontColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'The font colour must look like #1a2b3c.' })
    .default('#000000'),
  maxLength: z.number().int().min(1).max(10_000).optional(),
  comb: z.boolean().optional(),
  rotation: fieldRotation.optional(),
  format: valueFormatSchema.optional(),
};

/**
 * A field as the editor sends it (product.md §3 "Template input"). Positions are PDF points from the
 * top-left of the page as displayed, `page` is 1-based. Linked text lists its boxes in order.
 */
export const templateInputBody = rectSchema
  .extend({
    id: z.string().max(64).optional(),
    page: pageNumber,
    label: z
      .string({ error: templateMessages.labelRequired })
      .trim()
      .min(1, { error: templateMessages.labelRequired })
      .max(100, { error: 'A field label must be at most 100 characters.' })
      // JSON bodies with this key are refused (Fastify's prototype-poisoning guard) and zod
      // drops it, so such a field could never be filled.
      .refine((label) => label !== '__proto__', { error: templateMessages.labelProto }),
    fieldType: z.enum(fieldTypes, { error: templateMessages.typeRequired }),
    /** A box may come without a page (product.md §3): it lies on its field's page. */
    boxes: z
      .array(rectSchema.extend({ page: pageNumber.optional() }))
      .max(100)
      .optional(),
    /** Choice only: the values it accepts (each with its own box for a radio-style choice). */
    options: z
      .array(choiceOptionSchema)
      .max(MAX_CHOICE_OPTIONS, { error: `A choice holds at most ${MAX_CHOICE_OPTIONS} options.` })
      .optional(),
    ...fieldStyle,
  })
  .meta({ id: 'TemplateInputBody' });
export type TemplateInputBody = z.input<typeof templateInputBody>;
/** A field after validation, with its defaults filled in. */
export type TemplateInputValue = z.output<typeof templateInputBody>;

/** A stored field: the same shape, with a UUID and the type in upper case (product.md §3). */
export const templateInput = rectSchema
  .extend({
    id: z.string(),
    page: z.number().int(),
    label: z.string(),
    type: z.string().meta({ description: 'Upper case, e.g. TEXT, LINKED_TEXT, CHECKBOX' }),
    fontSize: z.number(),
    fontFamily: z.enum(fontFamilies),
    textAlign: z.enum(textAligns),
    fontColor: z.string(),
    boxes: z.array(fieldBoxSchema).optional(),
    maxLength: z.number().int().optional(),
    comb: z.boolean().optional(),
    options: z.array(choiceOption).optional(),
    rotation: fieldRotation.optional(),
    format: valueFormatSchema.optional(),
  })
  .meta({ id: 'TemplateField' });
export type TemplateInput = z.infer<typeof templateInput>;

export const templatePage = z
  .object({ page: z.number().int(), width: z.number(), height: z.number() })
  .meta({ id: 'TemplatePage', description: 'A page as displayed, in PDF points' });

/** product.md §5: the pictures a stamp may be made from (the server re-encodes each as PNG). */
export const stampImageTypes = [
  'image/apng',
  'image/avif',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/webp',
  'image/x-icon',
] as const;
export const MAX_STAMPS = 50;

/**
 * A static picture on a page, drawn into every document. `image` is a data: URI; leave it out
 * for a stamp that is already saved (same `id`) to keep its picture.
 */
export const stampBody = rectSchema
  .extend({
    id: z.string().max(64).optional(),
    page: pageNumber,
    image: z
      .string()
      .max(8_000_000, { error: 'A stamp picture must be smaller than 6 MB.' })
      .optional(),
  })
  .meta({ id: 'StampBody' });
export type StampBody = z.input<typeof stampBody>;

export const stamp = rectSchema
  .extend({
    id: z.string(),
    page: z.number().int(),
    /** `data:image/png;base64,…` */
    image: z.string(),
  })
  .meta({ id: 'Stamp' });
export type Stamp = z.infer<typeof stamp>;

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
    /** Every linked-text box, with the label of its field. */
    boxes: z.array(fieldBoxSchema.extend({ label: z.string() })),
    stamps: z.array(stamp),
    lastUpdate: z.string(),
    /**
     * Only in the answer to an upload: the PDF's own form fields that did not become fields
     * (push buttons, signatures, …), each with the reason.
     */
    notImported: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
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

export const templateListQuery = z.object({
  size: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const templateListResponse = z
  .object({
    templates: z.array(templateListItem),
    totalElements: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
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
});
export type SaveTemplateBody = z.input<typeof saveTemplateBody>;

export const replaceTemplateResponse = z.object({
  message: z.string(),
  /** Labels of stamps that no longer fit on the new pages and were removed. */
  removedFields: z.array(z.string()),
  /** Labels of fields that no longer lie on the new pages: kept in the draft, to be moved. */
  outOfBounds: z.array(z.string()),
});

const tag = 'Templates';

export const listTemplates = {
  method: 'GET',
  path: '/v1/template',
  operationId: 'listTemplates',
  summary: 'List your templates, a page at a time (page is zero-based; size at most 100)',
  tag,
  auth: 'bearer',
  query: templateListQuery,
  response: templateListResponse,
} as const satisfies Endpoint;

export const createTemplate = {
  method: 'POST',
  path: '/v1/template',
  operationId: 'createTemplate',
  summary: 'Upload a PDF as a new template (multipart: file, templateName, templateDescription)',
  tag,
  auth: 'bearer',
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
  errors: [409, 422],
} as const satisfies Endpoint;

export const getTemplate = {
  method: 'GET',
  path: '/v1/template/:templateName',
  operationId: 'getTemplate',
  summary: 'A template with its fields, PDF, API example and curl command',
  tag,
  auth: 'bearer',
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
  auth: 'bearer',
  noStore: true,
  body: saveTemplateBody,
  response: templateResponse,
  errors: [404, 409, 422],
} as const satisfies Endpoint;

export const deleteTemplate = {
  method: 'DELETE',
  path: '/v1/template/:templateName',
  operationId: 'deleteTemplate',
  summary: 'Delete a template',
  tag,
  auth: 'bearer',
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
  auth: 'bearer',
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
  auth: 'bearer',
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
  auth: 'bearer',
  params: templateNameParams,
  consumes: 'multipart/form-data',
  upload: z.object({ file: uploadedFile('The new PDF.') }),
  response: replaceTemplateResponse,
  errors: [404, 422],
} as const satisfies Endpoint;

export const downloadTemplatePdf = {
  method: 'GET',
  path: '/v1/template/:templateName/pdf',
  operationId: 'downloadTemplatePdf',
  summary: "Download a template's PDF",
  tag,
  auth: 'bearer',
  noStore: true,
  params: templateNameParams,
  response: z.any().meta({ description: "The template's PDF." }),
  produces: 'application/pdf',
  headers: ['content-disposition'],
  errors: [404],
} as const satisfies Endpoint;
