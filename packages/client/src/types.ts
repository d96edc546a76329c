/**
 * The shapes the client sends and receives. They are the API's own (packages/contract); the
 * client spells them out so that it can be published without the server's packages, and
 * `contract-types.test.ts` fails the type check when the two drift apart.
 */

/**
 * Values keyed by field label: text, numbers, `true`/`false` for checkboxes, image data or URLs,
 * a table's rows.
 */
export type FieldValues = Record<string, string | number | boolean | null | TableRow[]>;

export type FitResult = 'fitted' | 'shrunk' | 'wrapped' | 'truncated' | 'missing_glyphs';

/** How each value fitted its box, keyed by field label. */
export type FitReport = Record<
  string,
  {
    result: FitResult;
    fontSize: number;
    /** Characters of the value that no font could print (left out of the PDF). */
    missingGlyphs?: string[];
    /** The same characters as code points (`U+0E01`). */
    missingCodePoints?: string[];
  }
>;

export type GeneratedDocument = {
  /** The PDF's bytes. */
  pdf: Uint8Array;
  fitReport: FitReport;
  /** What was filled: a published version's number, or `'draft'`. */
  templateVersion: number | 'draft' | null;
  /** Names the request in the server's logs. */
  requestId: string | null;
  /** The answer of an earlier call with the same `idempotencyKey`, given again (not counted). */
  isReplayed: boolean;
};

export type FieldType =
  | 'text'
  | 'date'
  | 'number'
  | 'email'
  | 'linked_text'
  | 'long_text'
  | 'image'
  | 'checkbox'
  | 'radio'
  | 'choice'
  | 'barcode'
  | 'table';

/** The codes a barcode field prints: four matrix codes, then the linear ones. */
export type BarcodeSymbology =
  | 'qrcode'
  | 'datamatrix'
  | 'pdf417'
  | 'azteccode'
  | 'code128'
  | 'code39'
  | 'ean13'
  | 'ean8'
  | 'upca'
  | 'itf14'
  | 'gs1-128';

/**
 * How a barcode field prints its value, the data it encodes, in the field's `fontColor`. Data a
 * symbology refuses (a letter in an EAN-13, a wrong check digit) is a 400 naming the field.
 */
export type BarcodeOptions = {
  symbology: BarcodeSymbology;
  /** QR code only: L, M (when left out), Q or H. */
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
  /** Keep the scanners' light margin inside the box (true when left out). */
  quietZone?: boolean;
  /** Linear codes: print the data under the bars (true when left out). */
  showText?: boolean;
};

/** One column of a table field: the key of its cells in each row, and its header. */
export type TableColumn = {
  label: string;
  /** The column's share of the table's width: 3, 1, 1 give the first three fifths. */
  widthShare: number;
  align?: 'left' | 'center' | 'right';
  /** Cells printed as numbers or dates (sent as numbers and ISO dates), or in upper case. */
  format?:
    | { kind: 'number'; decimals?: number; grouping?: boolean; locale?: string; currency?: string }
    | { kind: 'date'; pattern: string; locale?: string }
    | { kind: 'uppercase' };
};

/**
 * How a table field prints its value, a list of rows (each an object with a property per column
 * label). Rows that overflow the box continue on a repeated page, the header row again on top; a
 * row is never split. Removing or renaming a column of a published table is a breaking change.
 */
export type TableOptions = {
  columns: TableColumn[];
  /** Print the column labels above the rows on every page (true when left out). */
  headerRow?: boolean;
  /** The rows' font size; the field's when left out. */
  rowFontSize?: number;
  /** Continue on another template page, in a box as wide as the table's; left out when unused. */
  continuation?: { page: number; rectY: number; rectHeight: number };
};

/** One row of a table field's value: a cell per column label. */
export type TableRow = Record<string, string | number | null>;

/**
 * A field to save: its box in PDF points from the top-left of the page as displayed, `page`
 * 1-based. Styles left out take the defaults (Helvetica 14 pt, black, left-aligned).
 */
export type FieldInput = {
  id?: string;
  label: string;
  fieldType: FieldType;
  page: number;
  rectX: number;
  rectY: number;
  rectWidth: number;
  rectHeight: number;
  fontSize?: number;
  fontFamily?: 'arial' | 'helvetica' | 'timesnewroman' | 'courier';
  textAlign?: 'left' | 'center' | 'right';
  fontColor?: string;
  maxLength?: number;
  comb?: boolean;
  boxes?: { page: number; rectX: number; rectY: number; rectWidth: number; rectHeight: number }[];
  /** Choice only: the values it accepts; a radio-style option has its own box. */
  options?: ChoiceOption[];
  /** Text turned counter-clockwise in its box (imported rotated form fields). */
  rotation?: 0 | 90 | 180 | 270;
  /** Barcode only: its symbology and how it prints. */
  barcode?: BarcodeOptions;
  /**
   * Text and long text only: printed with `{Label}` replaced by that field's value as it prints
   * (in its number or date format, its default when left out, else nothing). The field then
   * takes no value: it is not in the payload schema, and generate refuses a value for it as an
   * unknown label (ignored with `ignoreUnknownFields`). Every label must be a field of the
   * template that prints text, or the save is a 400 naming the field and the label.
   */
  template?: string;
  /** Image only: the Form tab offers a signature pad. Over the API it takes any image value. */
  signature?: boolean;
  /**
   * The language of the text, a BCP 47 tag (`zh-Hant`, `ja`, `ar`…): it picks the face where
   * scripts share characters and the shaping language.
   */
  language?: string;
};

/** One option of a choice field: the payload sends `value`, a list-style choice prints `label`. */
export type ChoiceOption = {
  value: string;
  label: string;
  box?: { page: number; rectX: number; rectY: number; rectWidth: number; rectHeight: number };
};

/** A saved field, with the type in upper case. */
export type Field = {
  id: string;
  label: string;
  type: string;
  page: number;
  rectX: number;
  rectY: number;
  rectWidth: number;
  rectHeight: number;
  fontSize: number;
  fontFamily: 'arial' | 'helvetica' | 'timesnewroman' | 'courier';
  textAlign: 'left' | 'center' | 'right';
  fontColor: string;
  options?: ChoiceOption[];
  rotation?: 0 | 90 | 180 | 270;
  barcode?: BarcodeOptions;
  /** Text with placeholders the field prints instead of taking a value (see `FieldInput`). */
  template?: string;
  /** Image only: offered as a signature pad in the Form tab. */
  signature?: boolean;
  language?: string;
};

export type Template = {
  id: string;
  templateName: string;
  description: string;
  inputs: Field[];
  /** The default language (BCP 47) of fields that set none when a call gives none; absent: none. */
  language?: string;
  pages: { page: number; width: number; height: number }[];
  /** The example payload of a generate call. */
  api: { templateName: string; fields: Record<string, unknown> };
  /** The account's API key, for `generate`. */
  apiKey: string;
  lastUpdate: string;
};

export type TemplateListItem = {
  templateName: string;
  lastUpdate: string;
  /** The number of fields. */
  coordinates: number;
  status: 'READY' | 'DRAFT';
};

/** One page of templates: `page` from 1 and `total` templates in all (the rest deprecated). */
export type TemplateList = {
  templates: TemplateListItem[];
  page: number;
  pageSize: number;
  total: number;
  /** Deprecated: `total`. */
  totalElements: number;
  /** Deprecated: `Math.ceil(total / pageSize)`. */
  totalPages: number;
  /** Deprecated: `page - 1`. */
  currentPage: number;
};
