import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js and its worker load on the editor route only, on first use. The worker is a file of our
 * own origin (the CSP allows worker-src 'self' blob:), and eval stays off (no 'unsafe-eval').
 */
const loadPdfJs = (): Promise<PdfJs> =>
  (pdfjs ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  }));

const base64ToBytes = (base64: string): Uint8Array => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Opens the template's PDF (base64 from GET /v1/template/:name) for rendering. */
export const openPdf = async (base64: string): Promise<PDFDocumentProxy> => {
  const lib = await loadPdfJs();
  return lib.getDocument({ data: base64ToBytes(base64), isEvalSupported: false }).promise;
};
