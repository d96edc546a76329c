// The fields of a template (types, styles, formats, boxes) as sent and as stored; the template
// itself and its endpoints are in templates.ts, its stamps in stamps.ts.
import { z } from 'zod';
import { barcodeOptionsSchema } from './field-kinds/barcode.ts';
import { templateTextSchema } from './placeholders.ts';
import { tableOptionsSchema } from './field-kinds/table.ts';

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
  'barcode',
  'table',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const fontFamilies = ['arial', 'helvetica', 'timesnewroman', 'courier'] as const;
export type FontFamily = (typeof fontFamilies)[number];

export const textAligns = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof textAligns)[number];

/** product.md#constants: the editor offers 10–24 pt; imported form fields may carry other sizes. */
export const FONT_SIZE = { min: 6, max: 72, default: 14, editorMin: 10, editorMax: 24 } as const;

export const fieldMessages = {
  labelRequired: 'Every field needs a label.',
  labelProto: 'A field cannot be labelled "__proto__": a JSON request cannot carry a value for it.',
  typeRequired: 'Every field needs a type.',
} as const;

/** Points on a displayed page; no real page is larger than 200 inches. */
const points = z.number().finite().min(0).max(14_400);
const size = z.number().finite().positive().max(14_400);
export const pageNumberSchema = z.number().int().min(1).max(500);

export const rectSchema = z.object({
  rectX: points,
  rectY: points,
  rectWidth: size,
  rectHeight: size,
});

export const fieldBoxSchema = rectSchema
  .extend({ page: pageNumberSchema })
  .meta({ id: 'FieldBox' });
export type FieldBox = z.infer<typeof fieldBoxSchema>;

const LANGUAGE_MESSAGE = 'A language must be a BCP 47 tag, such as zh-Hant, ja, ko or ar.';

/**
 * A BCP 47 language tag, stored in its canonical spelling (`ZH-hant` → `zh-Hant`). It picks the
 * face where scripts share characters (Han in Traditional or Simplified Chinese, Japanese,
 * Korean) and the shaping language.
 */
export const languageTagSchema = z
  .string()
  .max(35, { error: LANGUAGE_MESSAGE })
  .transform((tag, context) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical) return canonical;
    } catch {
      // a RangeError: not a tag
    }
    context.addIssue({ code: 'custom', message: LANGUAGE_MESSAGE });
    return z.NEVER;
  })
  .meta({
    description:
      'The language of the text, a BCP 47 tag (zh-Hant, zh-Hans, ja, ko, ar…). It picks the face where scripts share characters (Traditional vs Simplified Chinese vs Japanese vs Korean Han) and the shaping language; without it the text decides (kana → Japanese, hangul → Korean, else Simplified Chinese).',
  });

/** What a template's default `language` does, in the API document of its answers and saves. */
export const TEMPLATE_LANGUAGE =
  "The template's default language (BCP 47): the language of the values of fields that set no `language` of its own when the request gives none either. The order is the field's, the request's, the template's, then the text decides. Each published version keeps the one it was published with.";

/** The field types whose values are text drawn in a font, and so may carry a language. */
export const languageFieldTypes: readonly FieldType[] = [
  'text',
  'date',
  'number',
  'email',
  'linked_text',
  'long_text',
  'choice',
];

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

/** The longest field description kept (an imported form's tooltip is cut to it). */
export const MAX_FIELD_DESCRIPTION = 2000;

/** Counter-clockwise turn of a field's text on the displayed page (imported rotated widgets). */
export const fieldRotations = [0, 90, 180, 270] as const;
const fieldRotation = z.literal(fieldRotations);

/**
 * What one box of a field with several may set for itself (product.md#what-is-stored "Several boxes"): a box
 * that repeats its field's value prints in its own font size, alignment and turn when it has
 * them (an imported form's widgets differ so); what it leaves out is the field's.
 */
const boxStyle = {
  fontSize: z.number().min(FONT_SIZE.min).max(FONT_SIZE.max).optional(),
  textAlign: z.enum(textAligns).optional(),
  rotation: fieldRotation.optional(),
};

/** A value a field holds before any payload: text (a choice's option value) or a tick. */
const defaultValue = z
  .union([z.string().max(10_000), z.boolean()])
  .optional()
  .meta({
    description:
      "Printed when a payload leaves the field out (an imported form's own value): text, a CHOICE's option value, or true/false for CHECKBOX and RADIO. Printed as it is.",
  });
const fixedFlag = z.boolean().optional().meta({
  description:
    'The field always prints its default and takes no value from the payload (an imported read-only field with a value); it is not in the payload schema.',
});

const signatureFlag = z.boolean().optional().meta({
  description:
    'IMAGE only: the Form tab offers a signature pad for it (a drawing in ink on a transparent background, sent as a PNG data: URI). Over the API it takes the same values as any image field.',
});

const repeatFlag = z.boolean().optional().meta({
  description:
    "When a table's rows continue on a repeated page: false prints the field on the last copy of its page only (totals); true or left out prints it on every copy (header fields).",
});

const BOXES_DESCRIPTION =
  "Every box of a field with more than one, the first being the field's own. LINKED_TEXT flows its text through them in order; TEXT, LONG_TEXT, DATE, NUMBER, EMAIL, CHECKBOX and a CHOICE without option boxes print the whole value in each box, in the box's own fontSize, textAlign and rotation when it sets them.";

/** A box of a field as stored and sent back. */
export const templateFieldBox = fieldBoxSchema.extend(boxStyle).meta({ id: 'TemplateFieldBox' });
export type TemplateFieldBox = z.infer<typeof templateFieldBox>;

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
  language: languageTagSchema.optional(),
};

/**
 * A field as the editor sends it (product.md#what-is-stored "Template input"). Positions are PDF points from the
 * top-left of the page as displayed, `page` is 1-based. Linked text lists its boxes in order; a
 * field that prints its value in several boxes lists them all (`boxes`).
 */
export const templateInputBody = rectSchema
  .extend({
    id: z.string().max(64).optional(),
    page: pageNumberSchema,
    label: z
      .string({ error: fieldMessages.labelRequired })
      .trim()
      .min(1, { error: fieldMessages.labelRequired })
      .max(100, { error: 'A field label must be at most 100 characters.' })
      // JSON bodies with this key are refused (Fastify's prototype-poisoning guard) and zod
      // drops it, so such a field could never be filled.
      .refine((label) => label !== '__proto__', { error: fieldMessages.labelProto }),
    /** What the field asks for, shown under its input (an imported form's tooltip). */
    description: z
      .string()
      .trim()
      .max(MAX_FIELD_DESCRIPTION, {
        error: `A field description must be at most ${MAX_FIELD_DESCRIPTION} characters.`,
      })
      .optional(),
    fieldType: z.enum(fieldTypes, { error: fieldMessages.typeRequired }).optional(),
    type: z.string().max(20).optional().meta({
      description:
        'The type as a template read spells it (TEXT, LINKED_TEXT, CHOICE…), taken when fieldType is left out: what GET answers, PUT accepts.',
    }),
    /** A box may come without a page (product.md#what-is-stored): it lies on its field's page. */
    boxes: z
      .array(rectSchema.extend({ page: pageNumberSchema.optional(), ...boxStyle }))
      .max(100)
      .optional()
      .meta({ description: BOXES_DESCRIPTION }),
    /** Choice only: the values it accepts (each with its own box for a radio-style choice). */
    options: z
      .array(choiceOptionSchema)
      .max(MAX_CHOICE_OPTIONS, { error: `A choice holds at most ${MAX_CHOICE_OPTIONS} options.` })
      .optional(),
    default: defaultValue,
    fixed: fixedFlag,
    /** Barcode only: its symbology and how it prints. */
    barcode: barcodeOptionsSchema.optional(),
    /** Text and long text only: printed with other fields' values; takes none of its own. */
    template: templateTextSchema.optional(),
    signature: signatureFlag,
    /** Table only: its columns, header row and continuation. */
    table: tableOptionsSchema.optional(),
    repeatOnContinuedPages: repeatFlag,
    ...fieldStyle,
  })
  // One field type, however it is spelled: `fieldType` as the editor writes it, or `type` as a
  // read answers it, so a template read can be saved back unchanged.
  .transform(({ type, ...field }, context) => {
    const fieldType = field.fieldType ?? fieldTypes.find((known) => known === type?.toLowerCase());
    if (fieldType) return { ...field, fieldType };
    context.addIssue({ code: 'custom', message: fieldMessages.typeRequired, path: ['fieldType'] });
    return z.NEVER;
  })
  .meta({ id: 'TemplateInputBody' });
export type TemplateInputBody = z.input<typeof templateInputBody>;
/** A field after validation, with its defaults filled in. */
export type TemplateInputValue = z.output<typeof templateInputBody>;

/** A stored field: the same shape, with a UUID and the type in upper case (product.md#what-is-stored). */
export const templateInput = rectSchema
  .extend({
    id: z.string(),
    page: z.number().int(),
    label: z.string(),
    /** What the field asks for, in the form's words (an imported field's whole tooltip). */
    description: z.string().optional(),
    type: z
      .string()
      .meta({ description: 'Upper case, e.g. TEXT, LINKED_TEXT, CHECKBOX, BARCODE, TABLE' }),
    fontSize: z.number(),
    fontFamily: z.enum(fontFamilies),
    textAlign: z.enum(textAligns),
    fontColor: z.string(),
    boxes: z.array(templateFieldBox).optional().meta({ description: BOXES_DESCRIPTION }),
    maxLength: z.number().int().optional(),
    comb: z.boolean().optional(),
    options: z.array(choiceOption).optional(),
    rotation: fieldRotation.optional(),
    format: valueFormatSchema.optional(),
    default: defaultValue,
    fixed: fixedFlag,
    barcode: barcodeOptionsSchema.optional(),
    template: z.string().optional().meta({ description: templateTextSchema.description }),
    signature: signatureFlag,
    table: tableOptionsSchema.optional(),
    repeatOnContinuedPages: repeatFlag,
    language: z.string().optional().meta({ description: 'A BCP 47 tag (zh-Hant, ja, ko, ar…).' }),
  })
  .meta({ id: 'TemplateField' });
export type TemplateInput = z.infer<typeof templateInput>;

export const templatePage = z
  .object({ page: z.number().int(), width: z.number(), height: z.number() })
  .meta({ id: 'TemplatePage', description: 'A page as displayed, in PDF points' });
