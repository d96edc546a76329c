/**
 * What `analyse` tells of an uploaded PDF: its pages as displayed and its AcroForm widgets, in
 * the coordinates of types.ts.
 */
import type { DisplayRect, TextAlign } from './types.ts';

/**
 * A box in PDF user space (origin bottom-left, as stored in the file).
 *
 * @example
 * const a4: PdfBox = { x: 0, y: 0, width: 595.28, height: 841.89 };
 */
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The rotation of a page as displayed, clockwise.
 *
 * @example
 * const rotation: PageRotation = 90;
 */
export type PageRotation = 0 | 90 | 180 | 270;

/**
 * One page of a template.
 *
 * @example
 * const page: PageInfo = analysis.pages[0]!; // { page: 1, width: 612, height: 792, rotation: 0, ... }
 */
export interface PageInfo {
  /** 1-based page number. */
  page: number;
  /** Width as displayed (after CropBox and /Rotate), in points. */
  width: number;
  /** Height as displayed, in points. */
  height: number;
  rotation: PageRotation;
  mediaBox: PdfBox;
  /** The visible area; equals the MediaBox when the page has no CropBox. */
  cropBox: PdfBox;
}

/**
 * The kind of an AcroForm field as found in a PDF.
 *
 * @example
 * const importable = (kind: AcroFieldKind) => ['text', 'checkbox', 'radio'].includes(kind);
 */
export type AcroFieldKind = 'text' | 'checkbox' | 'radio' | 'choice' | 'button' | 'signature';

/**
 * One widget (visible box) of an AcroForm field.
 *
 * @example
 * const combs = analysis.widgets.filter((w: AcroWidget) => w.comb);
 */
export interface AcroWidget extends DisplayRect {
  /** Fully qualified field name, e.g. `topmostSubform[0].Page1[0].f1_1[0]`. */
  name: string;
  kind: AcroFieldKind;
  /** 1-based page number. */
  page: number;
  maxLength?: number;
  comb?: boolean;
  multiline?: boolean;
  textAlign?: TextAlign;
  /** Undefined when the form asks for automatic size (0) or names none. */
  fontSize?: number;
}

/**
 * What analyse() learns about an uploaded template.
 *
 * @example
 * const { pageCount, pages, widgets }: TemplateAnalysis = await analyse(bytes);
 */
export interface TemplateAnalysis {
  pageCount: number;
  pages: PageInfo[];
  widgets: AcroWidget[];
  /** True when the form also carries XFA data (ignored; the AcroForm is used). */
  hasXfa: boolean;
  /** True when the file has a filled signature field; filling will invalidate it. */
  isSigned: boolean;
}
