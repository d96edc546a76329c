// The barcode field kind: the symbologies, their options, what each one's data looks like and
// when a change of them breaks payloads. The server's checks, payload schema and API example, the
// field panel and the Form tab all read these (docs/conventions.md#layout).
import { z } from 'zod';
import type { FieldChange } from '../field-change.ts';

/** The codes a barcode field prints, by the encoder's (bwip-js's) names: matrix codes first. */
export const barcodeSymbologies = [
  'qrcode',
  'datamatrix',
  'pdf417',
  'azteccode',
  'code128',
  'code39',
  'ean13',
  'ean8',
  'upca',
  'itf14',
  'gs1-128',
] as const;
export type BarcodeSymbology = (typeof barcodeSymbologies)[number];

/** How people call each symbology (the field panel, the payload schema, refusals). */
export const barcodeSymbologyNames: Record<BarcodeSymbology, string> = {
  qrcode: 'QR code',
  datamatrix: 'Data Matrix',
  pdf417: 'PDF417',
  azteccode: 'Aztec code',
  code128: 'Code 128',
  code39: 'Code 39',
  ean13: 'EAN-13',
  ean8: 'EAN-8',
  upca: 'UPC-A',
  itf14: 'ITF-14',
  'gs1-128': 'GS1-128',
};

/** A symbology as people call it ("EAN-13"); an unknown one (a change's text) as it came. */
export const symbologyName = (symbology = ''): string => {
  const known = barcodeSymbologies.find((s): s is BarcodeSymbology => s === symbology);
  return known ? barcodeSymbologyNames[known] : symbology;
};

/** Codes of square or rectangular modules: no human-readable text under them. */
export const matrixSymbologies: readonly BarcodeSymbology[] = [
  'qrcode',
  'datamatrix',
  'pdf417',
  'azteccode',
];

export const qrErrorCorrectionLevels = ['L', 'M', 'Q', 'H'] as const;

/**
 * How a barcode field prints its value (the data it encodes), in the field's `fontColor`.
 * Changing the symbology of a published field is a breaking change: data for one code is
 * seldom valid for another.
 */
export const barcodeOptionsSchema = z
  .object({
    symbology: z.enum(barcodeSymbologies, {
      error: `A barcode field needs a symbology: one of ${barcodeSymbologies.join(', ')}.`,
    }),
    errorCorrection: z.enum(qrErrorCorrectionLevels).optional().meta({
      description:
        'QR code only: how much of the code may be damaged and still scan (L 7 %, M 15 %, Q 25 %, H 30 %). M when left out.',
    }),
    quietZone: z.boolean().optional().meta({
      description:
        'Keep the light margin scanners need around the code inside the box. True when left out.',
    }),
    showText: z.boolean().optional().meta({
      description:
        'Linear codes: print the data as text under the bars. True when left out; matrix codes print none.',
    }),
  })
  .meta({ id: 'BarcodeOptions' });
export type BarcodeOptions = z.infer<typeof barcodeOptionsSchema>;

interface SymbologyData {
  /** Data this symbology takes: the API example and the payload schema's `examples`. */
  example: string;
  /** What the data must look like, in words for the payload writer. */
  rule: string;
  /**
   * A JSON Schema pattern, where a pattern says most of the rule (digits and their count); the
   * check digit and GS1 identifiers are checked on generate. Empty text is allowed: it prints
   * nothing, as for any field.
   */
  pattern?: string;
  /**
   * Light modules its scanners need on every side (each standard's quiet zone, rounded up):
   * what `quietZone` keeps inside the box. The engine keeps the same numbers (it knows nothing of
   * the contract); the server's field-kinds test holds them equal.
   */
  quietModules: number;
}

/** No symbology offered holds more; the engine refuses longer data before encoding it. */
export const MAX_BARCODE_DATA = 3000;
const ANY_TEXT = `Any text up to ${MAX_BARCODE_DATA} characters`;

/** What each symbology's data looks like (the engine's encoder checks it on generate). */
export const symbologyData: Record<BarcodeSymbology, SymbologyData> = {
  qrcode: {
    example: 'https://example.com/pay?invoice=2026-0042',
    rule: `${ANY_TEXT}.`,
    quietModules: 4,
  },
  datamatrix: { example: 'PLATEN-2026-0042', rule: `${ANY_TEXT}.`, quietModules: 1 },
  pdf417: { example: 'Invoice 2026-0042, 129.90 EUR', rule: `${ANY_TEXT}.`, quietModules: 2 },
  azteccode: { example: 'Ticket 7 4812 3301', rule: `${ANY_TEXT}.`, quietModules: 1 },
  code128: { example: 'INV-2026-0042', rule: 'Text in ASCII characters.', quietModules: 10 },
  code39: {
    example: 'PLATEN 42',
    rule: 'Digits, capital letters, spaces and - . $ / + %.',
    pattern: '^[0-9A-Z .$/+%-]*$',
    quietModules: 10,
  },
  ean13: {
    example: '5901234123457',
    rule: '12 digits, or 13 with a correct check digit.',
    pattern: '^(\\d{12}\\d?)?$',
    quietModules: 11,
  },
  ean8: {
    example: '96385074',
    rule: '7 digits, or 8 with a correct check digit.',
    pattern: '^(\\d{7}\\d?)?$',
    quietModules: 7,
  },
  upca: {
    example: '036000291452',
    rule: '11 digits, or 12 with a correct check digit.',
    pattern: '^(\\d{11}\\d?)?$',
    quietModules: 9,
  },
  itf14: {
    example: '15400141288763',
    rule: '13 digits, or 14 with a correct check digit.',
    pattern: '^(\\d{13}\\d?)?$',
    quietModules: 10,
  },
  'gs1-128': {
    example: '(01)09501101530003(17)260630(10)AB-123',
    rule: 'GS1 application identifiers in parentheses, each followed by its data, e.g. (01)09501101530003(10)AB-123; check digits are checked.',
    pattern: '^(\\(\\d{2,4}\\)[^()]+)*$',
    quietModules: 10,
  },
};

/** "An EAN-13: 12 digits, or 13 with a correct check digit." */
export const describeBarcodeData = (symbology: BarcodeSymbology) => {
  const name = barcodeSymbologyNames[symbology];
  const article = /^[AEFHILMNORSX]/.test(name) ? 'An' : 'A';
  return `${article} ${name}: ${symbologyData[symbology].rule}`;
};

/** "an EAN-13: 12 digits, or 13 with a correct check digit": the end of a refusal's sentence. */
export const expectedBarcodeData = (symbology: BarcodeSymbology) => {
  const described = describeBarcodeData(symbology);
  return `${described[0]!.toLowerCase()}${described.slice(1).replace(/\.$/, '')}`;
};

/** Data the field's code takes, whatever its box: a code shrinks to fit, it never cuts. */
export const exampleBarcodeData = (options: BarcodeOptions | undefined) =>
  symbologyData[options?.symbology ?? 'qrcode'].example;

/** What generate accepts for a barcode field, as a JSON Schema (null prints nothing). */
export const barcodePayloadSchema = (options: BarcodeOptions | undefined) => {
  if (!options) return { type: ['string', 'null'] };
  const { pattern } = symbologyData[options.symbology];
  return {
    type: ['string', 'null'],
    ...(pattern && { pattern }),
    description: `The data of the code. ${describeBarcodeData(options.symbology)}`,
  };
};

const DATA_SHAPES = new Map<string, RegExp>();
const shapeOf = (pattern: string) => {
  let shape = DATA_SHAPES.get(pattern);
  if (!shape) DATA_SHAPES.set(pattern, (shape = new RegExp(pattern)));
  return shape;
};

/**
 * Whether no check digit could save the data: longer than any code holds, or not of the shape
 * the payload schema gives (a letter in an EAN-13). Cheap, unlike encoding it.
 */
export const isMisshapenBarcodeData = (symbology: BarcodeSymbology, data: string) => {
  if (data.length > MAX_BARCODE_DATA) return true;
  const { pattern } = symbologyData[symbology];
  return pattern !== undefined && !shapeOf(pattern).test(data);
};

/** The options as stored: the QR error-correction level is kept for QR codes only. */
export const storedBarcodeOptions = (options: BarcodeOptions): BarcodeOptions => {
  const { symbology, errorCorrection, quietZone, showText } = options;
  return {
    symbology,
    ...(symbology === 'qrcode' && errorCorrection && { errorCorrection }),
    ...(quietZone !== undefined && { quietZone }),
    ...(showText !== undefined && { showText }),
  };
};

/**
 * A published field's new symbology breaks payloads: data for one code is seldom valid for
 * another (EAN-13 digits are no Code 39). A change of type is reported on its own.
 */
export const symbologyChange = (
  before: { type: string; barcode?: { symbology: string } | undefined },
  after: { type: string; label: string; barcode?: { symbology: string } | undefined },
): FieldChange | undefined => {
  const [previous, current] = [before.barcode?.symbology, after.barcode?.symbology];
  if (before.type !== after.type || !previous || !current || previous === current) return undefined;
  return {
    kind: 'symbologyChanged',
    label: after.label,
    type: after.type,
    previousSymbology: previous,
    symbology: current,
    breaking: true,
  };
};
