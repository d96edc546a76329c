/**
 * Turning a fillable PDF's own form into template fields. Text, checkbox, radio, list and combo
 * widgets become fields at the same place (import-groups.ts says which widgets make one field);
 * their widget annotations are then removed from the copy, so the filled document never shows a
 * value twice (our drawing plus the viewer's form layer). What cannot be filled (push buttons,
 * signatures, lists without options, fields on no page) stays in place and is reported.
 */
import { PDFArray, PDFName, type PDFDict, type PDFField } from '@cantoo/pdf-lib';
import { findWidgets, type FoundWidget } from './acroform-widgets.ts';
import { groupWidgets, type ImportGroup } from './import-groups.ts';
import {
  formLabels,
  readableName,
  uniqueLabels,
  type LabelCandidate,
  type LabelSource,
} from './import-labels.ts';
import { labelOptionsFromPage } from './import-option-words.ts';
import { printedTextReader, type PrintedTextReader } from './page-words.ts';
import { listOptions, widgetOptions } from './import-options.ts';
import { withFormValue } from './import-values.ts';
import { asEngineError, loadTemplate, type LoadedTemplate } from './load-template.ts';
import type { FieldBoxOnPage, FieldSpec, FieldType } from './types.ts';

/**
 * A form field that did not become a template field, and why, for the person who uploaded it.
 *
 * @example
 * const item: NotImported = {
 *   name: 'Print', fieldName: 'form1[0].Print[0]', page: 1,
 *   reason: 'a push button has no value to fill',
 * };
 */
export interface NotImported {
  /** The field's readable name (see import-labels.ts). */
  name: string;
  /** The field's own full name in the PDF: two buttons with one tooltip are two entries. */
  fieldName: string;
  /** The page of its first box; none for a field with no box on any page. */
  page?: number;
  reason: string;
}

/**
 * The fields found in a form and the template copy without their widgets.
 *
 * @example
 * const result: AcroFormImport = await importAcroForm(bytes);
 */
export interface AcroFormImport {
  fields: FieldSpec[];
  /** The PDF to store as the template: imported widgets removed. */
  pdf: Uint8Array;
  /** What was left in the PDF as it was, one entry per form field. */
  notImported: NotImported[];
  /** Where each field's label came from, in the order of `fields`: a guess can be told. */
  labelSources: { label: string; source: LabelSource }[];
}

// "Auto" size in a form means "fit the box"; pick what a one-line box of that height holds.
const autoFontSize = (height: number) => Math.max(6, Math.min(12, Math.round(height * 0.6)));

const toFieldSpec = (w: FoundWidget, type: FieldType, label: string): FieldSpec => {
  const lineHeight = w.rotation === 90 || w.rotation === 270 ? w.rectWidth : w.rectHeight;
  return {
    id: '',
    label,
    type,
    page: w.page,
    rectX: w.rectX,
    rectY: w.rectY,
    rectWidth: w.rectWidth,
    rectHeight: w.rectHeight,
    fontSize: w.fontSize ?? autoFontSize(lineHeight),
    fontFamily: 'helvetica', // forms default to Helv; embedded form fonts are not reused
    textAlign: w.textAlign ?? 'left',
    fontColor: w.color ?? '#000000',
    ...(w.maxLength !== undefined ? { maxLength: w.maxLength } : {}),
    ...(w.comb ? { comb: true } : {}),
    ...(w.rotation ? { rotation: w.rotation } : {}),
  };
};

type Outcome = { field: FieldSpec; widgets: FoundWidget[] } | NotImported;

/**
 * The boxes of a field with several widgets, the first its own: each keeps its widget's font
 * size, alignment and turn where they differ from the field's (field-copies.ts prints in each).
 */
const boxesOf = (field: FieldSpec, widgets: FoundWidget[]): FieldBoxOnPage[] =>
  widgets.map((w) => {
    const box = toFieldSpec(w, field.type, field.label);
    return {
      page: box.page,
      rectX: box.rectX,
      rectY: box.rectY,
      rectWidth: box.rectWidth,
      rectHeight: box.rectHeight,
      ...(box.fontSize !== field.fontSize && { fontSize: box.fontSize }),
      ...(box.textAlign !== field.textAlign && { textAlign: box.textAlign }),
      ...((box.rotation ?? 0) !== (field.rotation ?? 0) && { rotation: box.rotation ?? 0 }),
    };
  });

const importGroup = (group: ImportGroup, label: (wanted: string) => string): Outcome => {
  if (group.kind === 'skipped') {
    const { widget } = group;
    return {
      name: readableName(widget.name, widget.tooltip),
      fieldName: widget.name,
      page: widget.page,
      reason: group.reason,
    };
  }
  if (group.kind === 'options') {
    const [first] = group.widgets as [FoundWidget];
    const name = label(readableName(group.name, first.tooltip));
    const options = widgetOptions(group.widgets, group.ofOneField);
    const field = { ...toFieldSpec(first, 'choice', name), options };
    return { field: withFormValue(field, group.widgets), widgets: group.widgets };
  }
  const { widgets, type } = group;
  const [widget] = widgets;
  const name = readableName(widget.name, widget.tooltip);
  const options = type === 'choice' ? listOptions(widget.choices ?? []) : undefined;
  if (options?.length === 0) {
    return {
      name,
      fieldName: widget.name,
      page: widget.page,
      reason: 'a list without options has nothing to choose',
    };
  }
  const field = { ...toFieldSpec(widget, type, label(name)), ...(options && { options }) };
  if (widgets.length > 1) field.boxes = boxesOf(field, widgets);
  return { field: withFormValue(field, widgets), widgets };
};

const removeWidgets = (t: LoadedTemplate, imported: FoundWidget[]) => {
  const doomed = new Set(imported.map((w) => w.widget.dict));
  for (const { leaf } of t.pages) {
    const annots = leaf.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    const kept = annots
      .asArray()
      .filter((item) => !doomed.has(t.doc.context.lookup(item) as PDFDict));
    leaf.set(PDFName.of('Annots'), t.doc.context.obj(kept));
  }
};

const removeFields = (t: LoadedTemplate, imported: FoundWidget[], all: FoundWidget[]) => {
  const acroForm = t.doc.getForm().acroForm;
  const fields = new Set<PDFField>(imported.map((w) => w.field));
  if (all.every((w) => fields.has(w.field))) {
    t.doc.catalog.delete(PDFName.of('AcroForm')); // nothing left to fill interactively
    return;
  }
  for (const field of fields) acroForm.removeField(field.acroField);
};

/** Form fields without a widget on any page: nobody can see them, so nothing marks their place. */
const fieldsOnNoPage = (t: LoadedTemplate, widgets: FoundWidget[]): NotImported[] => {
  // getFields() makes new wrappers on every call: compare the dictionaries behind them.
  const seen = new Set(widgets.map((w) => w.field.acroField.dict));
  return t.doc
    .getForm()
    .getFields()
    .filter((field) => !seen.has(field.acroField.dict))
    .map((field) => ({
      name: readableName(field.getName()),
      fieldName: field.getName(),
      reason: 'it has no box on any page',
    }));
};

/** The imported fields with their labels, and their options' labels, as a person reads them. */
const labelledFields = async (
  imported: { field: FieldSpec; widgets: FoundWidget[] }[],
  printed: PrintedTextReader,
) => {
  const labels = await formLabels(printed, imported.map(labelCandidate));
  const unique = uniqueLabels();
  const fields = await labelOptionsFromPage(
    imported.map((o, i) => {
      const { label, description } = labels[i]!;
      return {
        ...o.field,
        id: `acroform-${i + 1}`,
        label: unique(label),
        ...(description && { description }),
      };
    }),
    printed,
  );
  return { fields, labels };
};

/**
 * Imports a fillable PDF's form fields as template fields (readable unique labels; rects in the
 * displayed top-left model; font size, alignment, max length, comb and rotation kept; radio
 * groups, exclusive checkbox sets, lists and combos as `choice` fields) and returns a copy of the
 * PDF without the imported widgets, with what it left alone.
 *
 * @example
 * const { fields, pdf, notImported } = await importAcroForm(uploadedBytes);
 * // fields[0] → { label: 'Name', type: 'text', page: 1, ... }
 * // notImported → [{ name: 'Print', fieldName: 'Print', page: 1, reason: 'a push button …' }]
 */
export const importAcroForm = async (pdf: Uint8Array): Promise<AcroFormImport> => {
  const t = await loadTemplate(pdf);
  try {
    const widgets = findWidgets(t);
    const label = uniqueLabels();
    const outcomes = groupWidgets(widgets).map((group) => importGroup(group, label));
    const imported = outcomes.filter((o) => 'field' in o);
    // Labels again, for the form as a whole: tooltips, else the words printed beside a box;
    // then a choice's options named by a code get the words beside their boxes. Both read the
    // page text through one reader, which opens the PDF with pdf.js only if either needs it.
    const printed = printedTextReader(pdf);
    const { fields, labels } = await labelledFields(imported, printed).finally(printed.close);
    const notImported = [
      ...outcomes.filter((o): o is NotImported => !('field' in o)),
      ...fieldsOnNoPage(t, widgets),
    ];
    const importedWidgets = imported.flatMap((o) => o.widgets);
    removeWidgets(t, importedWidgets);
    removeFields(t, importedWidgets, widgets);
    const bytes = await t.doc.save({ updateFieldAppearances: false });
    const labelSources = fields.map((f, i) => ({ label: f.label, source: labels[i]!.source }));
    return { fields, pdf: bytes, notImported, labelSources };
  } catch (error) {
    throw asEngineError(error);
  }
};

/** What labelling needs of an imported field (import-labels.ts). */
const labelCandidate = (o: { field: FieldSpec; widgets: FoundWidget[] }): LabelCandidate => {
  const [first] = o.widgets;
  const { page, rectX, rectY, rectWidth, rectHeight } = o.field;
  // A group's boxes are its options (a radio group): the words beside one name that option,
  // not the field. A field printed in several boxes (a header on every page) is named by the
  // words beside its first.
  const isGroup = o.field.options?.some((option) => option.box) ?? false;
  return {
    name: first?.name ?? '',
    tooltip: first?.tooltip,
    current: o.field.label,
    ...(!isGroup && { box: { page, rectX, rectY, rectWidth, rectHeight } }),
    isMark: o.field.type === 'checkbox' || o.field.type === 'radio',
  };
};
