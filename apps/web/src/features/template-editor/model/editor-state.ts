import type {
  BarcodeOptions,
  ChoiceOption,
  TableOptions,
  FieldType,
  FontFamily,
  TextAlign,
  ValueFormat,
} from '@platen/contract';
import type { PageSize, RectPt } from '../geometry/page-geometry.ts';

export type BoxId = string & { readonly __brand: 'BoxId' };

/**
 * One rectangle on one page. A linked-text field is several boxes sharing a label, and so is a
 * field that prints its value in several boxes (`repeatsValue`); every other field is one box.
 * `fieldId` is the server's UUID of the field the box belongs to, when saved.
 */
export type FieldBox = {
  id: BoxId;
  fieldId?: string;
  page: number;
  rect: RectPt;
  /** Empty until the user picks one (product.md#states-and-transitions: a new box has no type). */
  type: FieldType | '';
  label: string;
  /** What the field asks for (an imported form's tooltip): kept as it came, shown in the Form tab. */
  description?: string;
  fontSize: number;
  fontFamily: FontFamily;
  textAlign: TextAlign;
  fontColor: string;
  /** Position of the box in its linked-text chain or among its field's boxes (1-based). */
  order: number;
  /**
   * One of several boxes that each print the whole value of one field (an imported form's
   * widgets, or "Add a box for this field"): they share the label, type, font family, colour
   * and format; each keeps its own size, alignment and turn (product.md#what-is-stored "Several boxes").
   */
  repeatsValue?: true;
  maxLength?: number;
  comb?: boolean;
  /**
   * Choice only: the values it accepts. An imported radio group's options each carry their own
   * box (shown, not edited, in the editor); options drawn here print their label in this box.
   */
  options?: readonly ChoiceOption[];
  /** Text turned counter-clockwise in the box (imported from a rotated form field). */
  rotation?: 90 | 180 | 270;
  /** How the value prints: a date pattern, a number or amount format, upper case. */
  format?: ValueFormat | undefined;
  /** The language of its values (BCP 47): picks the Han face and the shaping language. */
  language?: string | undefined;
  /** What the field prints when a payload leaves it out (an imported form's own value). */
  default?: string | boolean;
  /** Prints its default in every document and takes no value (an imported read-only field). */
  fixed?: boolean;
  /** Barcode only: the symbology and how the code prints (in `fontColor`). */
  barcode?: BarcodeOptions;
  /**
   * Text and long text only: printed with `{Label}` replaced by other fields' values; the field
   * then takes no value of its own (product.md#what-is-stored "Text with placeholders").
   */
  template?: string | undefined;
  /** Image only: the Form tab offers a signature pad for it. */
  signature?: boolean | undefined;
  /** Table only: its columns, header row and where its rows continue. */
  table?: TableOptions;
  /** False: on a page a table repeats, printed on the last copy only (totals). */
  repeatOnContinuedPages?: boolean;
};

/** A static image placed on a page (product.md#validation, product.md#constants). */
export type Stamp = {
  id: BoxId;
  /** The server's id once saved. */
  savedId?: string;
  page: number;
  rect: RectPt;
  /** A data: URI; absent for a saved stamp whose picture is unchanged and not loaded. */
  image?: string;
  isImageChanged: boolean;
};

/** What undo and redo step through: the fields and stamps of one template. */
export type EditorDocument = {
  boxes: Readonly<Record<BoxId, FieldBox>>;
  /** Drawing order; also the order boxes are listed and saved in. */
  order: readonly BoxId[];
  stamps: Readonly<Record<BoxId, Stamp>>;
  /** Next number for a new box id (product.md#states-and-transitions: the running count plus the page number). */
  nextNumber: number;
  /**
   * The template's default language (BCP 47) for fields that set none when a call gives none:
   * saved with the fields, so it is undone, published and discarded like them.
   */
  language?: string | undefined;
};

export type TemplatePages = readonly PageSize[];

export const emptyDocument = (): EditorDocument => ({
  boxes: {},
  order: [],
  stamps: {},
  nextNumber: 1,
});

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSavedId = (id: string | undefined): id is string =>
  id !== undefined && UUID_PATTERN.test(id);

export const DEFAULT_STYLE = {
  fontSize: 14,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
} as const satisfies Pick<FieldBox, 'fontSize' | 'fontFamily' | 'textAlign' | 'fontColor'>;
