import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';

type PdfJs = { lib: typeof PdfJsModule; worker: PDFWorker };

let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js and its worker load on the editor route only, on first use. The worker is a file of our
 * own origin (the CSP allows worker-src 'self' blob:), and eval stays off (no 'unsafe-eval').
 */
const loadPdfJs = (): Promise<PdfJs> =>
  (pdfjs ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([lib, workerUrl]) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl.default;
    // One worker for every document of the session, started with the library: its 1 MB script
    // compiles once, while the template is still downloading (getDocument would start its own).
    return { lib, worker: new lib.PDFWorker() };
  }));

/**
 * Starts loading pdf.js while the template is still on its way, so the first page does not wait
 * for the library after the data has arrived.
 */
export const preloadPdfJs = () => void loadPdfJs();

const base64ToBytes = (base64: string): Uint8Array => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Opens the template's PDF (base64 from GET /v1/template/:name) for rendering. */
export const openPdf = async (base64: string): Promise<PDFDocumentProxy> => {
  const { lib, worker } = await loadPdfJs();
  return lib.getDocument({ data: base64ToBytes(base64), isEvalSupported: false, worker }).promise;
};
