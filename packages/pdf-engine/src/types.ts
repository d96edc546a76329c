/**
 * The shapes the engine reads and returns. The server stores {@link FieldSpec}s and passes them
 * back to {@link fill}; every rectangle is in PDF points, origin at the top-left of the page as
 * displayed (after CropBox and /Rotate), `page` 1-based. See pdf-user-space.ts.
 */

/**
 * The kinds of field a template can hold.
 *
 * @example
 * const type: FieldType = 'linked_text';
 */
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

/**
 * The kinds of code a barcode field prints (bwip-js's names): four matrix codes, then the
 * linear ones.
 *
 * @example
 * const symbology: BarcodeSymbology = 'ean13';
 */
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
 * How a barcode field prints its value, which is the data encoded. The code is drawn in the
 * field's `fontColor`.
 *
 * @example
 * const payment: BarcodeOptions = { symbology: 'qrcode', errorCorrection: 'H' };
 */
export interface BarcodeOptions {
  symbology: BarcodeSymbology;
  /** QR code only: how much of the code may be lost and still read (L 7 %, M 15 %, Q 25 %, H 30 %); M when left out. */
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
  /** Keep the light margin scanners need around the code inside the box (default true). */
  quietZone?: boolean;
  /** Linear codes: print the data in digits under the bars (default true). */
  showText?: boolean;
}

/**
 * One column of a table field: its label (the key of its cells in each row, and its header), its
 * share of the table's width and how its cells align. `format` is the caller's: the engine draws
 * cells as given.
 *
 * @example
 * const amount: TableColumn = { label: 'Amount', widthShare: 1, align: 'right' };
 */
export interface TableColumn {
  label: string;
  widthShare: number;
  align: TextAlign;
  format?: ValueFormat;
}

/**
 * How a table field prints its rows (see table-layout.ts). Rows fill the box downward; when it is
 * full the page is repeated (or `continuation`'s page, with rows in its box), the header row on
 * top again, until every row is printed; a row is never split across pages.
 *
 * @example
 * const lines: TableOptions = { columns: [{ label: 'Item', widthShare: 3, align: 'left' }], headerRow: true };
 */
export interface TableOptions {
  columns: TableColumn[];
  headerRow: boolean;
  /** The rows' and header's font size; the field's `fontSize` when absent. */
  rowFontSize?: number;
  /**
   * Another template page where rows continue, in a box as wide as the table's from `rectY` down
   * `rectHeight`; that page is left out of documents whose rows fit the table's own box.
   */
  continuation?: TableContinuation;
}

/**
 * Where a table's rows continue: a page of the template and the top and height of the rows' box
 * there (its left edge and width are the table's).
 *
 * @example
 * const next: TableContinuation = { page: 2, rectY: 60, rectHeight: 700 };
 */
export interface TableContinuation {
  page: number;
  rectY: number;
  rectHeight: number;
}

/**
 * One row of a table field's value: a cell per column label (text as printed, or a number).
 *
 * @example
 * const row: TableRow = { Item: 'Paper, A4', Amount: '12.50' };
 */
export type TableRow = Readonly<Record<string, string | number | null | undefined>>;

/**
 * The font families offered in the editor; each maps to a metric-compatible font from npm.
 *
 * @example
 * const family: FontFamily = 'timesnewroman'; // drawn with Times-Roman or Tinos
 */
export type FontFamily = 'arial' | 'helvetica' | 'timesnewroman' | 'courier';

/**
 * Horizontal alignment of text in its box.
 *
 * @example
 * const align: TextAlign = 'center';
 */
export type TextAlign = 'left' | 'center' | 'right';

/**
 * A rectangle on a displayed page, in points from its top-left corner.
 *
 * @example
 * const rect: DisplayRect = { rectX: 50, rectY: 60, rectWidth: 200, rectHeight: 24 };
 */
export interface DisplayRect {
  rectX: number;
  rectY: number;
  rectWidth: number;
  rectHeight: number;
}

/**
 * A rectangle on one page: a field's own box, or one box of a linked-text field (filled in array
 * order). Not the editor's FieldBox, which is a drawn box with its field's settings.
 *
 * @example
 * const box: BoxOnPage = { page: 2, rectX: 50, rectY: 50, rectWidth: 250, rectHeight: 20 };
 */
export interface BoxOnPage extends DisplayRect {
  /** 1-based page number. */
  page: number;
}

/**
 * One box of a field with several (FieldSpec.boxes). A box that repeats its field's value may set
 * its own font size, alignment and turn (an imported widget's own); what it leaves out is the
 * field's. Linked text ignores these: its chain prints at one size.
 *
 * @example
 * const header: FieldBoxOnPage = { page: 3, rectX: 400, rectY: 30, rectWidth: 120, rectHeight: 14, fontSize: 9 };
 */
export interface FieldBoxOnPage extends BoxOnPage {
  fontSize?: number;
  textAlign?: TextAlign;
  rotation?: FieldRotation;
}

/**
 * One option of a choice field. The payload sends `value`. A radio-style option has its own
 * `box`, marked with a dot when chosen; without a box the chosen option's `label` is printed in
 * the field's own box (list and combo style).
 *
 * @example
 * const option: ChoiceOption = { value: 'llc', label: 'Limited liability company' };
 */
export interface ChoiceOption {
  value: string;
  label: string;
  box?: BoxOnPage;
}

/**
 * How far a field's text is turned on the displayed page, counter-clockwise (as a form's /MK /R).
 *
 * @example
 * const upwards: FieldRotation = 90; // reads bottom to top
 */
export type FieldRotation = 0 | 90 | 180 | 270;

/**
 * A field drawn on a template: where it is and how its value looks.
 *
 * @example
 * const name: FieldSpec = {
 *   id: 'f1', label: 'Full name', type: 'text', page: 1,
 *   rectX: 50, rectY: 60, rectWidth: 200, rectHeight: 24,
 *   fontSize: 14, fontFamily: 'helvetica', textAlign: 'left', fontColor: '#000000',
 * };
 */
export interface FieldSpec extends DisplayRect {
  id: string;
  /** The key of the field's value in the generation payload. */
  label: string;
  /**
   * What the field asks for, in the form's own words (an imported field's whole tooltip, when
   * its label is only the start of it); shown to people, never drawn.
   */
  description?: string;
  type: FieldType;
  /** 1-based page number. Linked text uses `boxes` instead when it is present. */
  page: number;
  /** Font size in points; text may shrink below it (never under 6 pt) to fit. */
  fontSize: number;
  fontFamily: FontFamily;
  textAlign: TextAlign;
  /** `#rrggbb`; anything else draws black. */
  fontColor: string;
  /**
   * Every box of a field with more than one, the first being the field's own (its page and rect).
   * Linked text flows its text through them in order; text, long text, date, number, e-mail and
   * checkbox print the whole value in each (a form's field with one widget in the header of every
   * page), each box in its own font size, alignment and turn when it has them (see
   * {@link FieldBoxOnPage}). Absent for a field with one box.
   */
  boxes?: FieldBoxOnPage[];
  /** At most this many characters are drawn. */
  maxLength?: number;
  /** With `maxLength`: one character per equal cell, like a paper form's comb. */
  comb?: boolean;
  /** Choice only: the values it accepts, in order. */
  options?: ChoiceOption[];
  /** Text turned in its box (imported from a form's rotated widget); 0 when absent. */
  rotation?: FieldRotation;
  /**
   * What the field prints when the payload leaves it out (an imported form's own value or default
   * value): text for text-like fields and a choice's option value, true or false for a checkbox
   * or radio. Printed as it is, never formatted.
   */
  default?: string | boolean;
  /**
   * The field always prints its `default` and takes no value from the payload (an imported
   * read-only field that carries a value, such as a form's pre-printed "Approved Form").
   */
  fixed?: boolean;
  /**
   * How the caller prints the value (a date pattern, a number format, upper case). The engine
   * draws the value it is given: the server formats values before filling.
   */
  format?: ValueFormat;
  /** Barcode only: the symbology and how the code prints. */
  barcode?: BarcodeOptions;
  /** Table only: its columns, header row and continuation. */
  table?: TableOptions;
  /**
   * On a page a table repeats: false prints the field on the page's last copy only (totals);
   * true or absent on every copy (header fields).
   */
  repeatOnContinuedPages?: boolean;
  /**
   * Text and long text only: a text with `{Label}` placeholders the field prints instead of a
   * payload value. The server fills it (with the other fields' printed values) and passes the
   * result as the field's value, like a formatted value; the engine draws what it is given.
   */
  template?: string;
  /** Image only: the Form tab offers a signature pad; the engine draws it as any picture. */
  signature?: boolean;
  /**
   * The language of the field's values, a BCP 47 tag (`zh-Hant`, `ja`, `ar`…): it picks the face
   * where scripts share characters (Han in Traditional or Simplified Chinese, Japanese, Korean)
   * and the shaping language. Absent, the text decides (kana → Japanese, hangul → Korean).
   */
  language?: string;
}

/** A field's value format, as stored with the field (the contract's `ValueFormat`). */
export type ValueFormat =
  | { kind: 'date'; pattern: string; locale?: string | undefined }
  | {
      kind: 'number';
      decimals?: number | undefined;
      grouping?: boolean | undefined;
      locale?: string | undefined;
      currency?: string | undefined;
    }
  | { kind: 'uppercase' };

/**
 * The value of one field. Text-like fields take a string (number also a number), checkbox and
 * radio a boolean, choice one of its options' values, image the PNG or JPEG bytes, linked text a string or one string per box,
 * table a list of rows. Text fields print `{page}` and `{pages}` as page numbers (page-numbers.ts).
 * `null` and `undefined` leave the box empty.
 *
 * @example
 * const photo: FieldValue = new Uint8Array(pngBytes);
 */
export type FieldValue =
  string | number | boolean | string[] | readonly TableRow[] | Uint8Array | null | undefined;

/**
 * Field values keyed by field label, as in the generation payload.
 *
 * @example
 * const values: FieldValues = { 'Full name': 'Jane Doe', Agree: true, Lines: ['one', 'two'] };
 */
export type FieldValues = Readonly<Record<string, FieldValue>>;
