import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { openPdf } from '../pdf/load-pdf.ts';

type PdfState = { doc?: PDFDocumentProxy; error?: unknown };

/**
 * The template's PDF opened with pdf.js, closed again when the file changes or the editor goes.
 * Only the document of the current file is handed out: in the render where a new file arrives,
 * the old document is about to be destroyed, and a page drawn from it would never finish.
 */
export const usePdfDocument = (base64: string): PdfState => {
  const [state, setState] = useState<PdfState & { source?: string }>({});
  useEffect(() => {
    let isCurrent = true;
    let opened: PDFDocumentProxy | undefined;
    openPdf(base64).then(
      (doc) => {
        opened = doc;
        if (isCurrent) setState({ doc, source: base64 });
        else void doc.destroy();
      },
      (error: unknown) => isCurrent && setState({ error, source: base64 }),
    );
    return () => {
      isCurrent = false;
      void opened?.destroy();
    };
  }, [base64]);
  return state.source === base64 ? { doc: state.doc, error: state.error } : {};
};
