import { useCallback, useState } from 'react';
import { fitWidthZoom, scaleForZoom, type PageSize } from '../geometry/page-geometry.ts';
import type { ZoomSetting } from '../components/ZoomControl.tsx';

/** Room kept beside the widest page: the canvas padding and a scroll bar. */
const CANVAS_GUTTER_PX = 64;

/** The zoom: fit to the canvas width (the default) or a fixed 50–200 %. */
export const useZoom = (pages: readonly PageSize[]) => {
  const [setting, setSetting] = useState<ZoomSetting>('fit');
  const [canvasWidth, setCanvasWidth] = useState(0);
  const measure = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setCanvasWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const zoom =
    setting === 'fit'
      ? canvasWidth > 0
        ? fitWidthZoom(canvasWidth - CANVAS_GUTTER_PX, pages)
        : 1
      : setting;
  return { zoom, scale: scaleForZoom(zoom), setting, setSetting, measure };
};
