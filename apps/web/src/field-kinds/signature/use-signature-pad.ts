import { useEffect, useRef, useState, type RefObject } from 'react';
import SignaturePad from 'signature_pad';
import { inkBounds } from './ink-bounds.ts';

/*
 * signature_pad draws smooth variable-width strokes from pointer events (mouse, pen and touch)
 * and keeps them as data we can undo stroke by stroke: a well-kept library rather than Bézier
 * code of our own. Its canvas background stays transparent.
 */

const INKS = { blue: '#1f3a93', black: '#111111' } as const;
export type Ink = keyof typeof INKS;

/** Pixels of transparent margin kept around the ink, so a stroke's end is never clipped. */
const CROP_MARGIN_PX = 4;
export const PAD_HEIGHT_PX = 160;

/** The pad's drawing, cropped to its ink, as a PNG data: URI; '' for an empty pad. */
const signatureOf = (canvas: HTMLCanvasElement): string => {
  const context = canvas.getContext('2d');
  if (!context) return '';
  const { width, height } = canvas;
  const pixels = context.getImageData(0, 0, width, height).data;
  const bounds = inkBounds(pixels, width, height, CROP_MARGIN_PX);
  if (!bounds) return '';
  const cropped = document.createElement('canvas');
  cropped.width = bounds.width;
  cropped.height = bounds.height;
  const { x, y, width: w, height: h } = bounds;
  cropped.getContext('2d')?.drawImage(canvas, x, y, w, h, 0, 0, w, h);
  return cropped.toDataURL('image/png');
};

/**
 * A signature pad on the canvas `canvasRef` holds: every finished stroke, undo, clear and a new
 * ink send the signature (a PNG cropped to the ink, so it fills its field's box) to `onChange`.
 * The pad starts blank: a value the form had before (the example picture) is replaced by ''.
 */
export const useSignaturePad = (
  canvasRef: RefObject<HTMLCanvasElement | null>,
  hasValue: boolean,
  onChange: (value: string) => void,
) => {
  const padRef = useRef<SignaturePad | null>(null);
  const [ink, setInk] = useState<Ink>('blue');
  const [isEmpty, setIsEmpty] = useState(true);
  // The latest callback, read by the pad's listener without binding it again.
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const hadValue = useRef(hasValue);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn at the screen's pixel density, so the signature is sharp when printed.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = PAD_HEIGHT_PX * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: INKS.blue, minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const send = () => {
      setIsEmpty(pad.isEmpty());
      changeRef.current(signatureOf(canvas));
    };
    pad.addEventListener('endStroke', send);
    if (hadValue.current) changeRef.current('');
    return () => {
      pad.removeEventListener('endStroke', send);
      pad.off();
      padRef.current = null;
    };
  }, [canvasRef]);

  /** Draws the strokes kept (after an undo, a clear or a new ink) and sends the result. */
  const redraw = (strokes: ReturnType<SignaturePad['toData']>) => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    pad.fromData(strokes);
    setIsEmpty(pad.isEmpty());
    onChange(signatureOf(canvas));
  };

  return {
    ink,
    isEmpty,
    undo: () => redraw(padRef.current?.toData().slice(0, -1) ?? []),
    clear: () => redraw([]),
    changeInk: (next: Ink) => {
      setInk(next);
      const pad = padRef.current;
      if (!pad) return;
      pad.penColor = INKS[next];
      redraw(pad.toData().map((stroke) => ({ ...stroke, penColor: INKS[next] })));
    },
  };
};
