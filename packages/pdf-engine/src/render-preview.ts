/**
 * Page previews for the editor, rendered like a viewer shows the page: pdf.js applies the
 * CropBox and /Rotate, so the PNG's proportions are those of PageInfo's width × height.
 * pdf.js is imported on first use, keeping the package free of work on import.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PdfEngineError } from './errors.ts';
import { needsPasswordError } from './unlock-pdf.ts';

/**
 * The widest preview rendered, in pixels.
 *
 * @example
 * const png = await renderPreview(bytes, 1, Math.min(requestedWidth, MAX_PREVIEW_WIDTH_PX));
 */
export const MAX_PREVIEW_WIDTH_PX = 4000;
// Decoded images beyond this many pixels are skipped, defusing image bombs (corpus: jbig2_bomb).
const MAX_IMAGE_PIXELS = 40_000_000;

/** Where pdf.js finds its fonts, character maps and decoders inside its package. */
export const pdfjsAssets = () => {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    cMapUrl: join(root, 'cmaps') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  };
};

const checkRequest = (pageNumber: number, widthPx: number) => {
  if (!Number.isInteger(widthPx) || widthPx < 1 || widthPx > MAX_PREVIEW_WIDTH_PX) {
    throw new PdfEngineError(
      'INVALID_VALUE',
      `The preview width must be 1 to ${MAX_PREVIEW_WIDTH_PX} pixels.`,
    );
  }
  if (!Number.isInteger(pageNumber) || pageNumber < 1) {
    throw new PdfEngineError('PAGE_NOT_FOUND', `There is no page ${pageNumber}.`);
  }
};

const openError = (error: unknown): PdfEngineError => {
  const name = error instanceof Error ? error.name : '';
  // pdf.js opens a file with an empty user password itself: this one needs a real password.
  if (name === 'PasswordException') return needsPasswordError();
  return new PdfEngineError('DAMAGED', 'This PDF is damaged and its pages cannot be shown.');
};

/**
 * Renders one page (1-based) as a PNG `widthPx` pixels wide, on a white background.
 * Throws PdfEngineError PAGE_NOT_FOUND, ENCRYPTED, DAMAGED or INVALID_VALUE (width).
 *
 * @example
 * const png = await renderPreview(templateBytes, 1, 800);
 * await writeFile('page-1.png', png);
 */
export const renderPreview = async (
  pdf: Uint8Array,
  pageNumber: number,
  widthPx: number,
): Promise<Uint8Array> => {
  checkRequest(pageNumber, widthPx);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: pdf.slice(), // pdf.js transfers the buffer it is given; keep the caller's intact
    ...pdfjsAssets(),
    isEvalSupported: false,
    useSystemFonts: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => Promise.reject(openError(error)));
    if (pageNumber > doc.numPages) {
      throw new PdfEngineError(
        'PAGE_NOT_FOUND',
        `This PDF has ${doc.numPages} page(s); there is no page ${pageNumber}.`,
      );
    }
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: widthPx / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(widthPx, Math.max(1, Math.round(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return new Uint8Array(await canvas.encode('png'));
  } catch (error) {
    throw error instanceof PdfEngineError ? error : openError(error);
  } finally {
    await task.destroy();
  }
};
