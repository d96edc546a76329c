import { renamePlaceholder, type FieldType } from '@platen/contract';
import {
  fitRectToPage,
  isSameRect,
  type PageSize,
  type RectPt,
} from '../geometry/page-geometry.ts';
import {
  DEFAULT_STYLE,
  type BoxId,
  type EditorDocument,
  type FieldBox,
  type TemplatePages,
} from './editor-state.ts';

/*
 * Every change to a document is a pure function (doc, input) → doc (conventions.md#the-editor). The pointer
 * machine and the keyboard call these; the store applies them and keeps the undo stack.
 * A command that changes nothing returns the same object, so the store can skip the history.
 */

const pageOf = (pages: TemplatePages, page: number): PageSize =>
  pages[page - 1] ?? { width: Number.MAX_SAFE_INTEGER, height: Number.MAX_SAFE_INTEGER };

const fit = (rect: RectPt, pages: TemplatePages, page: number) =>
  fitRectToPage(rect, pageOf(pages, page));

const withBox = (doc: EditorDocument, box: FieldBox): EditorDocument => ({
  ...doc,
  boxes: { ...doc.boxes, [box.id]: box },
});

/** product.md#states-and-transitions: a new box has no type, an empty label and the running count plus the page as id. */
export const addBox = (
  doc: EditorDocument,
  input: { page: number; rect: RectPt; pages: TemplatePages },
): { doc: EditorDocument; id: BoxId } => {
  const id = `${doc.nextNumber}-${input.page}` as BoxId;
  const box: FieldBox = {
    id,
    page: input.page,
    rect: fit(input.rect, input.pages, input.page),
    type: '',
    label: '',
    ...DEFAULT_STYLE,
    order: 1,
  };
  const next = withBox(doc, box);
  return { doc: { ...next, order: [...doc.order, id], nextNumber: doc.nextNumber + 1 }, id };
};

export const setBoxRect = (
  doc: EditorDocument,
  input: { id: BoxId; rect: RectPt; pages: TemplatePages },
): EditorDocument => {
  const box = doc.boxes[input.id];
  if (!box) return doc;
  const rect = fit(input.rect, input.pages, box.page);
  return isSameRect(rect, box.rect) ? doc : withBox(doc, { ...box, rect });
};

/**
 * A field's settings as the panel's form sets them; a table's repeat on continued pages is set
 * beside the form (FieldPanel.tsx).
 */
export type PanelFieldSettings = Pick<
  FieldBox,
  | 'type'
  | 'label'
  | 'fontSize'
  | 'fontFamily'
  | 'textAlign'
  | 'fontColor'
  | 'order'
  | 'options'
  | 'format'
  | 'barcode'
  | 'table'
  | 'language'
  | 'template'
  | 'signature'
>;

/** A change of a field's settings (configureBox): any of the panel's. */
export type FieldSettings = Partial<PanelFieldSettings & Pick<FieldBox, 'repeatOnContinuedPages'>>;

/** The style keys a linked-text chain shares: it is drawn and saved as one field. */
const CHAIN_STYLE_KEYS = [
  'fontSize',
  'fontFamily',
  'textAlign',
  'fontColor',
  'format',
  'language',
] as const;
type ChainStyle = Pick<FieldBox, (typeof CHAIN_STYLE_KEYS)[number]>;

const styleOf = (box: FieldBox): ChainStyle => ({
  fontSize: box.fontSize,
  fontFamily: box.fontFamily,
  textAlign: box.textAlign,
  fontColor: box.fontColor,
  format: box.format,
  language: box.language,
});

/** A box with every property equal (an edited box keeps all the keys of its original). */
const isSameBox = (next: FieldBox, old: FieldBox | undefined) =>
  old !== undefined &&
  (Object.keys(next) as (keyof FieldBox)[]).every((key) => next[key] === old[key]);

const isInChain = (box: FieldBox, label: string) =>
  box.type === 'linked_text' && box.label === label;

/**
 * The style a box ends with. A box that joins a linked-text chain (by its new type or label)
 * takes the chain's style, unless these settings set the style themselves.
 */
const styleAfter = (doc: EditorDocument, box: FieldBox, settings: FieldSettings): ChainStyle => {
  const changed = { ...box, ...settings };
  const setsStyle = CHAIN_STYLE_KEYS.some((key) => key in settings);
  const wasInChain = isInChain(box, changed.label);
  if (setsStyle || wasInChain || changed.type !== 'linked_text') return styleOf(changed);
  const member = Object.values(doc.boxes).find(
    (other) => other.id !== box.id && isInChain(other, changed.label),
  );
  return styleOf(member ?? changed);
};

/**
 * Changes the settings of one box. Linked text shares its style along the chain: a style change
 * on any box of the chain changes every box with that label (the chain is saved as one field).
 */
export const configureBox = (
  doc: EditorDocument,
  input: { id: BoxId; settings: FieldSettings },
): EditorDocument => {
  const box = doc.boxes[input.id];
  if (!box) return doc;
  const changed: FieldBox = { ...box, ...input.settings, ...styleAfter(doc, box, input.settings) };
  const style = styleOf(changed);
  const chain =
    changed.type === 'linked_text'
      ? Object.values(doc.boxes).filter(
          (other) => other.id !== box.id && isInChain(other, changed.label),
        )
      : [];
  const copies = box.repeatsValue ? copiesOf(doc, box) : [];
  const shared = sharedSettings(input.settings);
  const updates = [
    changed,
    ...chain.map((other) => ({ ...other, ...style })),
    ...copies.map((other) => ({ ...other, ...shared })),
  ].filter((next) => !isSameBox(next, doc.boxes[next.id]));
  if (updates.length === 0) return doc;
  const configured = {
    ...doc,
    boxes: { ...doc.boxes, ...Object.fromEntries(updates.map((next) => [next.id, next])) },
  };
  return followRename(configured, box.label, changed.label);
};

/**
 * A field renamed: the texts with placeholders that named its old label name the new one, so
 * they keep printing it. Only when no box keeps the old label (a box that leaves a linked-text
 * chain renames nothing). Labels are typed a keystroke at a time, so each keystroke's rename
 * follows the last; one cleared to nothing first leaves its placeholders, which the field panel
 * and saving then name as labels no field has.
 */
const followRename = (doc: EditorDocument, from: string, to: string): EditorDocument => {
  if (from.trim() === '' || from === to) return doc;
  const boxes = Object.values(doc.boxes);
  if (boxes.some((other) => other.label.trim() === from.trim())) return doc;
  const renamed = boxes.flatMap((other) => {
    const template = other.template && renamePlaceholder(other.template, from, to);
    return template && template !== other.template ? [{ ...other, template }] : [];
  });
  if (renamed.length === 0) return doc;
  return {
    ...doc,
    boxes: { ...doc.boxes, ...Object.fromEntries(renamed.map((next) => [next.id, next])) },
  };
};

/** What the boxes of a field printed in several share; each keeps its own size and alignment. */
const COPY_SHARED_KEYS = [
  'type',
  'label',
  'fontFamily',
  'fontColor',
  'options',
  'format',
  'barcode',
  'language',
  'template',
  'signature',
] as const;

const sharedSettings = (settings: FieldSettings): FieldSettings =>
  Object.fromEntries(
    COPY_SHARED_KEYS.filter((key) => key in settings).map((key) => [key, settings[key]]),
  );

/** The other boxes of the field `box` belongs to, when it prints its value in several. */
const copiesOf = (doc: EditorDocument, box: FieldBox): FieldBox[] =>
  Object.values(doc.boxes).filter(
    (other) => other.id !== box.id && other.repeatsValue && other.label === box.label,
  );

/** Field types whose value can be printed again in another box (the engine's field-copies.ts). */
const REPEATABLE_TYPES: ReadonlySet<FieldBox['type']> = new Set([
  'text',
  'long_text',
  'date',
  'number',
  'email',
  'checkbox',
  'choice',
]);

/** Whether "Add a box for this field" applies: a labelled field whose value can print again. */
export const canAddCopyBox = (box: FieldBox): boolean =>
  box.label.trim() !== '' &&
  REPEATABLE_TYPES.has(box.type) &&
  !(box.options ?? []).some((option) => option.box);

/**
 * "Add a box for this field": another box 10 pt lower and to the right (kept on the page) that
 * prints the same value, in the same style to begin with. Both are then boxes of one field.
 */
export const addCopyBox = (
  doc: EditorDocument,
  input: { id: BoxId; pages: TemplatePages },
): { doc: EditorDocument; id: BoxId } | undefined => {
  const source = doc.boxes[input.id];
  if (!source || !canAddCopyBox(source)) return undefined;
  const rect = { ...source.rect, x: source.rect.x + 10, y: source.rect.y + 10 };
  const added = addBox(doc, { page: source.page, rect, pages: input.pages });
  const group = [source, ...(source.repeatsValue ? copiesOf(doc, source) : [])];
  const place = added.doc.boxes[added.id]!;
  const copy: FieldBox = {
    ...source,
    id: place.id,
    page: place.page,
    rect: place.rect,
    order: Math.max(...group.map((box) => box.order)) + 1,
    repeatsValue: true,
  };
  const boxes = { ...added.doc.boxes, [source.id]: { ...source, repeatsValue: true as const } };
  return { doc: { ...added.doc, boxes: { ...boxes, [copy.id]: copy } }, id: added.id };
};

export const removeBox = (doc: EditorDocument, id: BoxId): EditorDocument => {
  if (!doc.boxes[id]) return doc;
  const boxes = { ...doc.boxes };
  delete boxes[id];
  return { ...doc, boxes, order: doc.order.filter((other) => other !== id) };
};

/**
 * A label no other box carries: "Name", "Name copy", "Name copy 2"… (empty stays empty). A copy
 * of a copy counts on from the same name ("Name copy 2", not "Name copy copy").
 */
export const uniqueLabel = (doc: EditorDocument, label: string): string => {
  if (!label) return label;
  const taken = new Set(Object.values(doc.boxes).map((box) => box.label));
  if (!taken.has(label)) return label;
  const base = label.replace(/ copy(?: \d+)?$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base} copy` : `${base} copy ${n}`;
    if (!taken.has(candidate)) return candidate;
  }
};

/**
 * Pastes a copy of a box 10 pt lower and to the right (kept on the page). A copy is a new,
 * unsaved field with its own label; a linked-text copy joins the same chain at its end.
 */
export const pasteBox = (
  doc: EditorDocument,
  input: { source: FieldBox; pages: TemplatePages; offsetPt?: number },
): { doc: EditorDocument; id: BoxId } => {
  const offset = input.offsetPt ?? 10;
  const { source } = input;
  const rect = { ...source.rect, x: source.rect.x + offset, y: source.rect.y + offset };
  const added = addBox(doc, { page: source.page, rect, pages: input.pages });
  const isLinked = source.type === 'linked_text';
  const chainLength = Object.values(doc.boxes).filter(
    (box) => isLinked && box.label === source.label,
  ).length;
  const settings: FieldSettings = {
    type: source.type,
    label: isLinked ? source.label : uniqueLabel(doc, source.label),
    fontSize: source.fontSize,
    fontFamily: source.fontFamily,
    textAlign: source.textAlign,
    fontColor: source.fontColor,
    order: isLinked ? chainLength + 1 : 1,
    // A choice keeps its options; a radio group's boxes follow the copy (choice-boxes.ts).
    ...(source.options && { options: source.options }),
    ...(source.format && { format: source.format }),
    ...(source.barcode && { barcode: source.barcode }),
    ...(source.table && { table: source.table }),
    ...(source.language && { language: source.language }),
    ...(source.template !== undefined && { template: source.template }),
    ...(source.signature && { signature: true }),
  };
  return { doc: configureBox(added.doc, { id: added.id, settings }), id: added.id };
};

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Small Text',
  date: 'Date',
  number: 'Number',
  email: 'Email',
  linked_text: 'Linked Text',
  long_text: 'Long Text',
  image: 'Image',
  checkbox: 'Checkbox',
  radio: 'Radio',
  choice: 'Choice',
  barcode: 'Barcode or QR code',
  table: 'Table',
};
