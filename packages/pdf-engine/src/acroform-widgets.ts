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
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
  TextAlignment,
  type PDFField,
  type PDFWidgetAnnotation,
} from '@cantoo/pdf-lib';
import type { LoadedTemplate } from './load-template.ts';
import { pdfBoxToDisplayRect } from './pdf-user-space.ts';
import type { AcroFieldKind, AcroWidget, TextAlign } from './types.ts';

/** One widget together with the pdf-lib objects import needs to remove it later. */
export interface FoundWidget extends AcroWidget {
  field: PDFField;
  widget: PDFWidgetAnnotation;
  /** Hex colour from the DA string's `rg`/`g` operator, when there is one. */
  color?: string;
  /** The radio or checkbox "on" state's name, e.g. `Choice1`. */
  onValue?: string;
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
  const match = /(\d+(?:\.\d+)?)\s+Tf/.exec(da ?? '');
  const size = match ? Number(match[1]) : 0;
  return size > 0 ? size : undefined;
};

const hex = (channel: number) =>
  Math.round(Math.min(1, Math.max(0, channel)) * 255)
    .toString(16)
    .padStart(2, '0');

const colorOf = (da: string | undefined): string | undefined => {
  const rgb = /([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg/.exec(da ?? '');
  if (rgb) return `#${hex(Number(rgb[1]))}${hex(Number(rgb[2]))}${hex(Number(rgb[3]))}`;
  const gray = /([\d.]+)\s+g(?:\s|$)/.exec(da ?? '');
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

const widgetsOf = (t: LoadedTemplate, field: PDFField, pages: Map<PDFDict, number>) => {
  const kind = kindOf(field);
  if (!kind) return [];
  const name = field.getName();
  const details = textDetails(field);
  const found: FoundWidget[] = [];
  for (const widget of field.acroField.getWidgets()) {
    const pageIndex = pages.get(widget.dict);
    if (pageIndex === undefined) continue; // a widget on no page is never seen
    const da = widget.getDefaultAppearance() ?? field.acroField.getDefaultAppearance();
    const fontSize = fontSizeOf(da);
    const color = colorOf(da);
    const onValue = widget.getOnValue()?.decodeText();
    const rect = pdfBoxToDisplayRect(t.geometries[pageIndex]!, widget.getRectangle());
    found.push({
      name,
      kind,
      page: pageIndex + 1,
      ...rect,
      ...details,
      ...(fontSize ? { fontSize } : {}),
      ...(color ? { color } : {}),
      ...(onValue ? { onValue } : {}),
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
