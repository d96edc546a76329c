import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { markFirstPageDrawn } from '../pdf/paint-marks.ts';
import { queueRender } from '../pdf/render-queue.ts';

type PdfPageCanvasProps = {
  pdf: PDFDocumentProxy;
  page: number;
  /** CSS pixels per point. */
  scale: number;
  /** Draw only when the page is near the view (product.md#screens-and-routes); released again when it leaves. */
  isNearView: boolean;
  /** A new value draws the page again (product.md#states-and-transitions: after leaving editing). */
  renderKey: number;
};

/**
 * One page drawn by pdf.js into a canvas sized to the page on screen, at the device's pixel
 * ratio so text stays crisp. pdf.js renders the page as displayed (rotation, CropBox), which is
 * the space the boxes live in.
 */
export const PdfPageCanvas = ({ pdf, page, scale, isNearView, renderKey }: PdfPageCanvasProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setIsDrawn] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (!isNearView) {
      // A drawn A4 page holds about 4.5 MB of pixels (at 1.5 ×); 100 of them would hold 450 MB.
      canvas.width = 0;
      canvas.height = 0;
      setIsDrawn(false);
      return;
    }
    let task: RenderTask | undefined;
    const stop = new AbortController();
    void queueRender(async () => {
      const pdfPage = await pdf.getPage(page);
      if (stop.signal.aborted) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas, viewport });
      try {
        await task.promise;
      } catch {
        return; // A cancelled render (scrolled away, zoomed) is expected.
      }
      if (stop.signal.aborted) return;
      setIsDrawn(true);
      if (page === 1) markFirstPageDrawn();
    }, stop.signal);
    return () => {
      stop.abort();
      task?.cancel();
    };
  }, [pdf, page, scale, isNearView, renderKey]);

  return (
    <canvas
      ref={canvasRef}
      data-testid={`pdf-page-canvas-${page}`}
      data-drawn={isDrawn ? 'true' : 'false'}
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
    />
  );
};
