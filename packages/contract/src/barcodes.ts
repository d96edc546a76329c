// Barcode fields: the symbologies, their options and what each one's data looks like. The
// payload schema, the API example, the field panel and the Form tab all read these.
import { z } from 'zod';

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
}

/** No symbology offered holds more; the engine refuses longer data before encoding it. */
export const MAX_BARCODE_DATA = 3000;
const ANY_TEXT = `Any text up to ${MAX_BARCODE_DATA} characters`;

/** What each symbology's data looks like (the engine's encoder checks it on generate). */
export const symbologyData: Record<BarcodeSymbology, SymbologyData> = {
  qrcode: { example: 'https://example.com/pay?invoice=2026-0042', rule: `${ANY_TEXT}.` },
  datamatrix: { example: 'PLATEN-2026-0042', rule: `${ANY_TEXT}.` },
  pdf417: { example: 'Invoice 2026-0042, 129.90 EUR', rule: `${ANY_TEXT}.` },
  azteccode: { example: 'Ticket 7 4812 3301', rule: `${ANY_TEXT}.` },
  code128: { example: 'INV-2026-0042', rule: 'Text in ASCII characters.' },
  code39: {
    example: 'PLATEN 42',
    rule: 'Digits, capital letters, spaces and - . $ / + %.',
    pattern: '^[0-9A-Z .$/+%-]*$',
  },
  ean13: {
    example: '5901234123457',
    rule: '12 digits, or 13 with a correct check digit.',
    pattern: '^(\\d{12}\\d?)?$',
  },
  ean8: {
    example: '96385074',
    rule: '7 digits, or 8 with a correct check digit.',
    pattern: '^(\\d{7}\\d?)?$',
  },
  upca: {
    example: '036000291452',
    rule: '11 digits, or 12 with a correct check digit.',
    pattern: '^(\\d{11}\\d?)?$',
  },
  itf14: {
    example: '15400141288763',
    rule: '13 digits, or 14 with a correct check digit.',
    pattern: '^(\\d{13}\\d?)?$',
  },
  'gs1-128': {
    example: '(01)09501101530003(17)260630(10)AB-123',
    rule: 'GS1 application identifiers in parentheses, each followed by its data, e.g. (01)09501101530003(10)AB-123; check digits are checked.',
    pattern: '^(\\(\\d{2,4}\\)[^()]+)*$',
  },
};

/** "An EAN-13: 12 digits, or 13 with a correct check digit." */
export const describeBarcodeData = (symbology: BarcodeSymbology) => {
  const name = barcodeSymbologyNames[symbology];
  const article = /^[AEFHILMNORSX]/.test(name) ? 'An' : 'A';
  return `${article} ${name}: ${symbologyData[symbology].rule}`;
};
