/**
 * Reading AcroForm fields and their widgets. A widget's /Rect is in user space of the page that
 * lists it in /Annots; pdf-user-space.ts turns it into the displayed top-left model.
 */
import {
  PDFArray,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFStream,
  PDFString,
  PDFTextField,
  TextAlignment,
  type PDFField,
  type PDFWidgetAnnotation,
} from '@cantoo/pdf-lib';
import type { LoadedTemplate } from './load-template.ts';
import { normaliseRotation, pdfBoxToDisplayRect } from './pdf-user-space.ts';
import type { AcroFieldKind, AcroWidget, PageRotation } from './analysis-types.ts';
import type { FieldRotation, TextAlign } from './types.ts';

/** One widget together with the pdf-lib objects import needs to remove it later. */
export interface FoundWidget extends AcroWidget {
  field: PDFField;
  widget: PDFWidgetAnnotation;
  /** Hex colour from the DA string's `rg`/`g` operator, when there is one. */
  color?: string;
  /** The radio or checkbox "on" state's name, e.g. `Choice1`. */
  onValue?: string;
  /** What choosing this radio or checkbox widget means: its /Opt entry, else `onValue`. */
  exportValue?: string;
  /** The field's tooltip (/TU), when it has one. */
  tooltip?: string;
  /** List and combo fields: their options, export value and displayed text. */
  choices?: { value: string; label: string }[];
  /** Counter-clockwise turn of the widget's text on the displayed page; 0 when upright. */
  rotation: FieldRotation;
  /**
   * The field's value (/V, else its default value /DV) as the form holds it: the text of a text
   * field or list, the on-state name of a checkbox or radio group (never `Off`).
   */
  formValue?: string;
  /** The field may not be changed in a viewer (/Ff bit 1). */
  isReadOnly?: boolean;
}

const kindOf = (field: PDFField): AcroFieldKind | undefined => {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return 'choice';
  if (field instanceof PDFButton) return 'button';
  if (field instanceof PDFSignature) return 'signature';
  return undefined;
};

/** Which page lists each annotation dictionary (the /P entry is optional and often wrong). */
const annotationPages = (t: LoadedTemplate): Map<PDFDict, number> => {
  const pages = new Map<PDFDict, number>();
  t.pages.forEach(({ leaf }, index) => {
    const annots = leaf.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (const item of annots?.asArray() ?? []) {
      const annot = t.doc.context.lookup(item);
      if (annot instanceof PDFDict && !pages.has(annot)) pages.set(annot, index);
    }
  });
  return pages;
};

const fontSizeOf = (da: string | undefined): number | undefined => {
  const match = /(?<!\d)(\d+(?:\.\d+)?)\s+Tf/.exec(da ?? '');
  const size = match ? Number(match[1]) : 0;
  return size > 0 ? size : undefined;
};

const hex = (channel: number) =>
  Math.round(Math.min(1, Math.max(0, channel)) * 255)
    .toString(16)
    .padStart(2, '0');

const colorOf = (da: string | undefined): string | undefined => {
  const rgb = /(?<![\d.])([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg/.exec(da ?? '');
  if (rgb) return `#${hex(Number(rgb[1]))}${hex(Number(rgb[2]))}${hex(Number(rgb[3]))}`;
  const gray = /(?<![\d.])([\d.]+)\s+g(?:\s|$)/.exec(da ?? '');
  return gray ? `#${hex(Number(gray[1])).repeat(3)}` : undefined;
};

const ALIGN: Record<number, TextAlign> = {
  [TextAlignment.Left]: 'left',
  [TextAlignment.Center]: 'center',
  [TextAlignment.Right]: 'right',
};

const textDetails = (field: PDFField): Partial<AcroWidget> => {
  if (!(field instanceof PDFTextField)) return {};
  const maxLength = field.getMaxLength();
  return {
    ...(maxLength !== undefined && maxLength > 0 ? { maxLength } : {}),
    ...(field.isCombed() ? { comb: true } : {}),
    multiline: field.isMultiline(),
    textAlign: ALIGN[field.getAlignment()] ?? 'left',
  };
};

const textOf = (value: unknown): string | undefined =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

const choicesOf = (field: PDFField): FoundWidget['choices'] => {
  if (!(field instanceof PDFDropdown || field instanceof PDFOptionList)) return undefined;
  try {
    return field.acroField.getOptions().map(({ value, display }) => {
      const text = value.decodeText();
      return { value: text, label: display?.decodeText() || text };
    });
  } catch {
    return []; // unreadable /Opt: imported as nothing to choose, and reported
  }
};

/** A radio group's /Opt export values; a malformed /Opt falls back to the on-state names. */
const exportValuesOf = (field: PDFRadioGroup) => {
  try {
    return field.acroField.getExportValues();
  } catch {
    return undefined;
  }
};

/**
 * The widget's own turn (/MK /R, counter-clockwise in user space), else the quarter turn of its
 * appearance's /Matrix (some writers rotate only that), made relative to the displayed page.
 */
const rotationOf = (widget: PDFWidgetAnnotation, page: PageRotation): FieldRotation => {
  try {
    const turn = widget.getAppearanceCharacteristics()?.getRotation() ?? appearanceTurn(widget);
    return normaliseRotation(turn - page);
  } catch {
    return normaliseRotation(-page); // a malformed /MK or appearance: read the widget as upright
  }
};

const appearanceTurn = (widget: PDFWidgetAnnotation): number => {
  const normal = widget.dict.lookupMaybe(PDFName.of('AP'), PDFDict)?.lookup(PDFName.of('N'));
  if (!(normal instanceof PDFStream)) return 0;
  const matrix = normal.dict.lookupMaybe(PDFName.of('Matrix'), PDFArray)?.asArray();
  const [a, b] = (matrix ?? []).map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN));
  return a === undefined || b === undefined ? 0 : (Math.atan2(b, a) * 180) / Math.PI;
};

/** A value as the form stores it: a string's text, a name's name; `Off` and blanks are none. */
const storedText = (value: unknown): string | undefined => {
  if (value instanceof PDFName) {
    const name = value.decodeText();
    return name === 'Off' ? undefined : name;
  }
  if (value instanceof PDFArray) return storedText(value.lookup(0)); // a list's first choice
  const text = textOf(value);
  return text?.trim() ? text : undefined;
};

/** The field's value, else its default value (both may be inherited from a parent field). */
const formValueOf = (field: PDFField): string | undefined => {
  try {
    const { acroField } = field;
    return (
      storedText(acroField.getInheritableAttribute(PDFName.of('V'))) ??
      storedText(acroField.getInheritableAttribute(PDFName.of('DV')))
    );
  } catch {
    return undefined; // an unreadable value: the field imports empty
  }
};

const widgetsOf = (t: LoadedTemplate, field: PDFField, pages: Map<PDFDict, number>) => {
  const kind = kindOf(field);
  if (!kind) return [];
  const name = field.getName();
  const details = textDetails(field);
  const tooltip = textOf(field.acroField.dict.lookup(PDFName.of('TU')))?.trim();
  const choices = choicesOf(field);
  const exportValues = field instanceof PDFRadioGroup ? exportValuesOf(field) : undefined;
  const formValue = formValueOf(field);
  const isReadOnly = field.isReadOnly();
  const found: FoundWidget[] = [];
  for (const [index, widget] of field.acroField.getWidgets().entries()) {
    const pageIndex = pages.get(widget.dict);
    if (pageIndex === undefined) continue; // a widget on no page is never seen
    const da = widget.getDefaultAppearance() ?? field.acroField.getDefaultAppearance();
    const fontSize = fontSizeOf(da);
    const color = colorOf(da);
    const onValue = widget.getOnValue()?.decodeText();
    const exportValue = exportValues?.[index]?.decodeText() ?? onValue;
    const geometry = t.geometries[pageIndex]!;
    const rect = pdfBoxToDisplayRect(geometry, widget.getRectangle());
    found.push({
      name,
      kind,
      page: pageIndex + 1,
      ...rect,
      ...details,
      ...(fontSize ? { fontSize } : {}),
      ...(color ? { color } : {}),
      ...(onValue ? { onValue } : {}),
      ...(exportValue ? { exportValue } : {}),
      ...(tooltip ? { tooltip } : {}),
      ...(choices ? { choices } : {}),
      rotation: rotationOf(widget, geometry.rotation),
      ...(formValue !== undefined ? { formValue } : {}),
      ...(isReadOnly ? { isReadOnly } : {}),
      field,
      widget,
    });
  }
  return found;
};

/** Every widget of every AcroForm field that sits on a page, in field order. */
export const findWidgets = (t: LoadedTemplate): FoundWidget[] => {
  const acroForm = t.doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) return [];
  const pages = annotationPages(t);
  return t.doc
    .getForm()
    .getFields()
    .flatMap((field) => widgetsOf(t, field, pages));
};

/** Strips the pdf-lib handles for callers that only want the data. */
export const toAcroWidget = (w: FoundWidget): AcroWidget => ({
  name: w.name,
  kind: w.kind,
  page: w.page,
  rectX: w.rectX,
  rectY: w.rectY,
  rectWidth: w.rectWidth,
  rectHeight: w.rectHeight,
  ...(w.maxLength !== undefined ? { maxLength: w.maxLength } : {}),
  ...(w.comb ? { comb: true } : {}),
  ...(w.multiline !== undefined ? { multiline: w.multiline } : {}),
  ...(w.textAlign ? { textAlign: w.textAlign } : {}),
  ...(w.fontSize !== undefined ? { fontSize: w.fontSize } : {}),
});
