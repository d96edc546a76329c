/**
 * Turning a fillable PDF's own form into template fields. Text, checkbox and radio widgets become
 * fields at the same place; their widget annotations are then removed from the copy, so the
 * filled document never shows a value twice (our drawing plus the viewer's form layer). Other
 * kinds (lists, push buttons, signatures) are left in place and reported as skipped.
 */
import { PDFArray, PDFName, type PDFDict, type PDFField } from '@cantoo/pdf-lib';
import { findWidgets, type FoundWidget } from './acroform-widgets.ts';
import { asEngineError, loadTemplate, type LoadedTemplate } from './load-template.ts';
import type { FieldSpec, FieldType } from './types.ts';

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
  /** Names of fields that were not imported (lists, push buttons, signatures). */
  skipped: string[];
}

const typeOf = (w: FoundWidget): FieldType | undefined => {
  if (w.kind === 'text') return w.multiline ? 'long_text' : 'text';
  if (w.kind === 'checkbox' || w.kind === 'radio') return w.kind;
  return undefined;
};

/** Labels must be unique in a template: radio options get their value, repeats a number. */
const labeller = () => {
  const used = new Set<string>();
  return (w: FoundWidget): string => {
    const base = w.kind === 'radio' && w.onValue ? `${w.name}: ${w.onValue}` : w.name;
    let label = base;
    for (let n = 2; used.has(label); n++) label = `${base} (${n})`;
    used.add(label);
    return label;
  };
};

// "Auto" size in a form means "fit the box"; pick what a one-line box of that height holds.
const autoFontSize = (height: number) => Math.max(6, Math.min(12, Math.round(height * 0.6)));

const toFieldSpec = (w: FoundWidget, type: FieldType, label: string, index: number): FieldSpec => ({
  id: `acroform-${index + 1}`,
  label,
  type,
  page: w.page,
  rectX: w.rectX,
  rectY: w.rectY,
  rectWidth: w.rectWidth,
  rectHeight: w.rectHeight,
  fontSize: w.fontSize ?? autoFontSize(w.rectHeight),
  fontFamily: 'helvetica', // forms default to Helv; embedded form fonts are not reused
  textAlign: w.textAlign ?? 'left',
  fontColor: w.color ?? '#000000',
  ...(w.maxLength !== undefined ? { maxLength: w.maxLength } : {}),
  ...(w.comb ? { comb: true } : {}),
});

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

/**
 * Imports a fillable PDF's form fields as template fields (field name → label; rects in the
 * displayed top-left model; font size, alignment, max length and comb kept) and returns a copy
 * of the PDF without the imported widgets.
 *
 * @example
 * const { fields, pdf, skipped } = await importAcroForm(uploadedBytes);
 * await saveTemplate({ pdf, fields }); // fields[0] → { label: 'Name', type: 'text', page: 1, ... }
 */
export const importAcroForm = async (pdf: Uint8Array): Promise<AcroFormImport> => {
  const t = await loadTemplate(pdf);
  try {
    const widgets = findWidgets(t);
    const label = labeller();
    const imported = widgets.filter((w) => typeOf(w) !== undefined);
    const fields = imported.map((w, i) => toFieldSpec(w, typeOf(w)!, label(w), i));
    const skipped = [...new Set(widgets.filter((w) => typeOf(w) === undefined).map((w) => w.name))];
    removeWidgets(t, imported);
    removeFields(t, imported, widgets);
    const bytes = await t.doc.save({ updateFieldAppearances: false });
    return { fields, pdf: bytes, skipped };
  } catch (error) {
    throw asEngineError(error);
  }
};
