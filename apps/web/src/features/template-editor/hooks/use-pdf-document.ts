import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { openPdf } from '../pdf/load-pdf.ts';

type PdfState = { doc?: PDFDocumentProxy; error?: unknown };

/** The template's PDF opened with pdf.js, closed again when the file changes or the editor goes. */
export const usePdfDocument = (base64: string): PdfState => {
  const [state, setState] = useState<PdfState>({});
  useEffect(() => {
    let isCurrent = true;
    let opened: PDFDocumentProxy | undefined;
    setState({});
    openPdf(base64).then(
      (doc) => {
        opened = doc;
        if (isCurrent) setState({ doc });
        else void doc.destroy();
      },
      (error: unknown) => isCurrent && setState({ error }),
    );
    return () => {
      isCurrent = false;
      void opened?.destroy();
    };
  }, [base64]);
  return state;
};
