import {
  fieldTypes,
  formatFieldTypes,
  languageFieldTypes,
  templateFieldTypes,
  type ChoiceOption,
  type FieldType,
  type SaveTemplateBody,
  type Stamp as TemplateStamp,
  type StampBody,
  type TemplateInput,
  type TemplateFieldBox,
  type TemplateInputBody,
  type TemplateResponse,
} from '@platen/contract';
import { roundRect } from '../geometry/page-geometry.ts';
import { optionsAtField } from '../model/choice-boxes.ts';
import {
  emptyDocument,
  isSavedId,
  type BoxId,
  type EditorDocument,
  type FieldBox,
  type Stamp,
} from '../model/editor-state.ts';

/*
 * The wire format and the editor's model meet here and nowhere else (conventions.md#the-editor). The server
 * sends a linked-text field, and a field that prints its value in several boxes, as one input
 * with a `boxes` list; the editor shows one box per entry, a repeated box in its own size,
 * alignment and turn. On save, boxes sharing such a label become one input again, in box order,
 * carrying a saved UUID when any of them has one (product.md#states-and-transitions); a repeated box sends the style
 * it does not share with the first. Types go up in lower case.
 */

type FieldBoxPlace = Pick<
  TemplateFieldBox,
  'page' | 'rectX' | 'rectY' | 'rectWidth' | 'rectHeight'
>;

const parseFieldType = (type: string): FieldType | '' =>
  fieldTypes.find((known) => known === type.toLowerCase()) ?? '';

const boxesOfInput = (input: TemplateInput): FieldBox[] => {
  const style = {
    fieldId: input.id,
    type: parseFieldType(input.type),
    label: input.label,
    ...(input.description && { description: input.description }),
    fontSize: input.fontSize,
    fontFamily: input.fontFamily,
    textAlign: input.textAlign,
    fontColor: input.fontColor,
    ...(input.maxLength !== undefined && { maxLength: input.maxLength }),
    ...(input.comb !== undefined && { comb: input.comb }),
    ...(input.options && { options: input.options }),
    ...(input.format && { format: input.format }),
    ...(input.language && { language: input.language }),
    ...(input.default !== undefined && { default: input.default }),
    ...(input.fixed && { fixed: true }),
    ...(input.barcode && { barcode: input.barcode }),
    ...(input.template !== undefined && { template: input.template }),
    ...(input.signature && { signature: true }),
    ...(input.table && { table: input.table }),
    ...(input.repeatOnContinuedPages === false && { repeatOnContinuedPages: false }),
  };
  const rects = input.boxes?.length ? input.boxes : [input];
  const repeats = style.type !== 'linked_text' && rects.length > 1;
  return rects.map((box, index) => {
    // A repeated box lists only the style it does not share with its field.
    const own: Omit<TemplateFieldBox, keyof FieldBoxPlace> = repeats ? box : {};
    const turn = own.rotation ?? input.rotation;
    return {
      ...style,
      // The first box keeps the field's UUID; the others get local ids within the field.
      id: (index === 0 ? input.id : `${input.id}/${index + 1}`) as BoxId,
      page: box.page,
      rect: { x: box.rectX, y: box.rectY, width: box.rectWidth, height: box.rectHeight },
      order: index + 1,
      ...(own.fontSize !== undefined && { fontSize: own.fontSize }),
      ...(own.textAlign && { textAlign: own.textAlign }),
      ...(turn && { rotation: turn }),
      ...(repeats && { repeatsValue: true as const }),
    };
  });
};

const stampOf = (stamp: TemplateStamp): Stamp => ({
  id: stamp.id as BoxId,
  savedId: stamp.id,
  page: stamp.page,
  rect: { x: stamp.rectX, y: stamp.rectY, width: stamp.rectWidth, height: stamp.rectHeight },
  image: stamp.image,
  isImageChanged: false,
});

/** The editor document of a template as the server sent it. */
export const toDocument = (
  template: Pick<TemplateResponse, 'inputs' | 'language'> & {
    stamps?: readonly TemplateStamp[];
  },
): EditorDocument => {
  const boxes = template.inputs.flatMap(boxesOfInput);
  const stamps = (template.stamps ?? []).map(stampOf);
  return {
    ...emptyDocument(),
    boxes: Object.fromEntries(boxes.map((box) => [box.id, box])),
    order: boxes.map((box) => box.id),
    stamps: Object.fromEntries(stamps.map((stamp) => [stamp.id, stamp])),
    nextNumber: boxes.length + stamps.length + 1,
    ...(template.language && { language: template.language }),
  };
};

const byBoxOrder = (a: FieldBox, b: FieldBox) =>
  a.order - b.order || a.page - b.page || a.rect.y - b.rect.y || a.rect.x - b.rect.x;

/** The id to send for a group of boxes: a saved UUID if any box has one. */
const savedIdOf = (group: readonly FieldBox[]): string | undefined =>
  group.map((box) => box.fieldId ?? box.id).find((id) => isSavedId(id));

const toInput = (group: FieldBox[]): TemplateInputBody => {
  const sorted = [...group].sort(byBoxOrder);
  const first = sorted[0] as FieldBox;
  const rect = roundRect(first.rect);
  const id = savedIdOf(sorted);
  const isLinked = first.type === 'linked_text';
  return {
    ...(id && { id }),
    page: first.page,
    rectX: rect.x,
    rectY: rect.y,
    rectWidth: rect.width,
    rectHeight: rect.height,
    label: first.label.trim(),
    ...(first.description && { description: first.description }),
    fieldType: first.type as FieldType,
    fontSize: first.fontSize,
    fontFamily: first.fontFamily,
    textAlign: first.textAlign,
    fontColor: first.fontColor,
    ...(first.maxLength !== undefined && { maxLength: first.maxLength }),
    ...(first.comb !== undefined && { comb: first.comb }),
    ...(first.type === 'choice' && { options: optionsAtField(first).map(toOptionBody) }),
    ...(first.rotation && { rotation: first.rotation }),
    ...(first.default !== undefined && { default: first.default }),
    ...(first.fixed && { fixed: true }),
    // Options kept from a type the field no longer has are not sent.
    ...(first.type === 'barcode' && first.barcode && { barcode: first.barcode }),
    ...(first.template !== undefined &&
      (templateFieldTypes as readonly string[]).includes(first.type) && {
        template: first.template,
      }),
    ...(first.type === 'image' && first.signature && { signature: true }),
    ...(first.type === 'table' && first.table && { table: first.table }),
    ...(first.repeatOnContinuedPages === false && { repeatOnContinuedPages: false }),
    // A language on a field that no longer prints text (the type was changed) is not sent.
    ...(first.language &&
      languageFieldTypes.includes(first.type as FieldType) && { language: first.language }),
    // A format the field's type no longer takes (the type was changed) is not sent.
    ...(first.format &&
      formatFieldTypes[first.format.kind].includes(first.type as FieldType) && {
        format: first.format,
      }),
    ...(isLinked && {
      boxes: sorted.map((box) => {
        const r = roundRect(box.rect);
        return { page: box.page, rectX: r.x, rectY: r.y, rectWidth: r.width, rectHeight: r.height };
      }),
    }),
    ...(first.repeatsValue && sorted.length > 1 && { boxes: sorted.map(repeatedBox(first)) }),
  };
};

/** A box of a field printed in several: its place, and the style it does not share with the first. */
const repeatedBox = (first: FieldBox) => (box: FieldBox) => {
  const r = roundRect(box.rect);
  return {
    page: box.page,
    rectX: r.x,
    rectY: r.y,
    rectWidth: r.width,
    rectHeight: r.height,
    ...(box.fontSize !== first.fontSize && { fontSize: box.fontSize }),
    ...(box.textAlign !== first.textAlign && { textAlign: box.textAlign }),
    ...((box.rotation ?? 0) !== (first.rotation ?? 0) && { rotation: box.rotation ?? 0 }),
  };
};

/** An option drawn in the editor may leave its label blank: it then prints its value. */
const toOptionBody = (option: ChoiceOption): ChoiceOption => {
  const value = option.value.trim();
  return { ...option, value, label: option.label.trim() || value };
};

/** Boxes grouped into fields: linked text and repeated boxes by label, every other box alone. */
const groupIntoFields = (doc: EditorDocument): FieldBox[][] => {
  const groups: FieldBox[][] = [];
  const shared = new Map<string, FieldBox[]>();
  for (const id of doc.order) {
    const box = doc.boxes[id];
    if (!box) continue;
    const isLinked = box.type === 'linked_text';
    if (!isLinked && !box.repeatsValue) {
      groups.push([box]);
      continue;
    }
    const key = `${isLinked ? 'linked' : 'repeated'}:${box.label.trim()}`;
    const group = shared.get(key);
    if (group) group.push(box);
    else {
      const fresh = [box];
      shared.set(key, fresh);
      groups.push(fresh);
    }
  }
  return groups;
};

/** A saved stamp whose picture did not change goes up without it (the server keeps it). */
const toStampBody = (stamp: Stamp): StampBody => {
  const rect = roundRect(stamp.rect);
  const keepsPicture = stamp.savedId !== undefined && !stamp.isImageChanged;
  return {
    ...(stamp.savedId && { id: stamp.savedId }),
    page: stamp.page,
    rectX: rect.x,
    rectY: rect.y,
    rectWidth: rect.width,
    rectHeight: rect.height,
    ...(!keepsPicture && { image: stamp.image }),
  };
};

/** The PUT /v1/template body for a document (run product.md#validation's check before sending it). */
export const toSaveRequest = (templateName: string, doc: EditorDocument): SaveTemplateBody => ({
  templateName,
  inputs: groupIntoFields(doc).map(toInput),
  stamps: Object.values(doc.stamps).map(toStampBody),
  // Null clears a default language the saved template had.
  language: doc.language ?? null,
});
