/**
 * Opening a PDF for reading or filling, with every refusal in one place. Files come from
 * strangers: the header is checked by content, encryption is refused (uploads are decrypted
 * first when they open without a password, unlock-pdf.ts), the page tree is walked
 * safely (page-tree.ts) and any parser failure becomes a PdfEngineError rather than escaping.
 */
import { PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { MAX_PAGES, PdfEngineError } from './errors.ts';
import { normaliseRotation, visibleBox, type PageGeometry } from './pdf-user-space.ts';
import { flattenPageTree, scanPageTree, type PageLeafInfo } from './page-tree.ts';
import type { PdfBox } from './analysis-types.ts';

/** A parsed template: the pdf-lib document and, per page (0-based), its tree entry and geometry. */
export interface LoadedTemplate {
  doc: PDFDocument;
  pages: PageLeafInfo[];
  geometries: PageGeometry[];
  mediaBoxes: PdfBox[];
  /** The page tree was malformed and rebuilt in memory: the bytes no longer describe `doc`. */
  isRepaired: boolean;
}

// Acrobat's default page when a file names no MediaBox at all.
const LETTER: PdfBox = { x: 0, y: 0, width: 612, height: 792 };
// Readers accept junk before the header up to this offset (corpus: junk_before_header_*).
const HEADER_WINDOW = 1024;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const hasPdfHeader = (bytes: Uint8Array): boolean => {
  const end = Math.min(bytes.length, HEADER_WINDOW) - PDF_MAGIC.length;
  for (let i = 0; i <= end; i++) {
    if (PDF_MAGIC.every((b, k) => bytes[i + k] === b)) return true;
  }
  return false;
};

const notAPdf = () =>
  new PdfEngineError('NOT_A_PDF', 'This file is not a PDF. Please upload a PDF document.');

const damaged = () =>
  new PdfEngineError(
    'DAMAGED',
    'This PDF is damaged and cannot be read. Try opening it in a PDF viewer and saving or printing it to a new PDF.',
  );

/**
 * The refusal for an encrypted file that reaches reading or filling. Uploads pass through
 * `unlockPdf` first, so a stored template is never encrypted; this is the last guard.
 */
const encryptedError = () =>
  new PdfEngineError(
    'ENCRYPTED',
    'This PDF is encrypted. Upload it as a template: a PDF that opens without a password is decrypted then.',
  );

const parse = async (bytes: Uint8Array): Promise<PDFDocument> => {
  if (!hasPdfHeader(bytes)) throw notAPdf();
  try {
    return await PDFDocument.load(bytes, {
      ignoreEncryption: true, // checked below so the person gets our message, not pdf-lib's
      parseSpeed: Infinity, // pdf-lib otherwise yields to the event loop on purpose, slowly
      updateMetadata: false,
      preserveXFA: true,
    });
  } catch {
    throw damaged();
  }
};

const readPages = (doc: PDFDocument): { pages: PageLeafInfo[]; isRepaired: boolean } => {
  const { context } = doc;
  if (!(doc.catalog instanceof PDFDict)) {
    throw context.enumerateIndirectObjects().length === 0 ? notAPdf() : damaged();
  }
  const rootRef = doc.catalog.get(PDFName.of('Pages'));
  const scan = scanPageTree(context, rootRef, MAX_PAGES);
  if (scan.isOverLimit) {
    throw new PdfEngineError(
      'TOO_MANY_PAGES',
      `This PDF has more than ${MAX_PAGES} pages. Templates can have at most ${MAX_PAGES} pages.`,
    );
  }
  if (scan.pages.length === 0) throw damaged();
  const isRepaired = scan.isMalformed && rootRef instanceof PDFRef;
  if (isRepaired) flattenPageTree(context, rootRef, scan.pages);
  return { pages: scan.pages, isRepaired };
};

/**
 * Parses template bytes and resolves every page's geometry.
 * Throws PdfEngineError NOT_A_PDF, ENCRYPTED, TOO_MANY_PAGES or DAMAGED.
 */
export const loadTemplate = async (bytes: Uint8Array): Promise<LoadedTemplate> => {
  const doc = await parse(bytes);
  if (doc.isEncrypted) throw encryptedError();
  try {
    const { pages, isRepaired } = readPages(doc);
    const mediaBoxes = pages.map((p) => p.mediaBox ?? LETTER);
    const geometries = pages.map((p, i) => ({
      visibleBox: visibleBox(mediaBoxes[i]!, p.cropBox),
      rotation: normaliseRotation(p.rotate),
    }));
    return { doc, pages, geometries, mediaBoxes, isRepaired };
  } catch (error) {
    if (error instanceof PdfEngineError) throw error;
    throw damaged(); // includes RangeError from a structure deeper than the stack
  }
};

/** Turns any unexpected failure while working on a loaded file into a DAMAGED refusal. */
export const asEngineError = (error: unknown): PdfEngineError =>
  error instanceof PdfEngineError ? error : damaged();
