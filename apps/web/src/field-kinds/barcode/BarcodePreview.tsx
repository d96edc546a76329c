import { useEffect, useMemo, useState } from 'react';
import { matrixSymbologies, type BarcodeOptions } from '@platen/contract';
import { barcodePreviewSvg, type SvgEncoder } from './barcode-preview.ts';

// bwip-js is about 1 MB: a chunk of its own, loaded with the first barcode field an editor shows.
let encoder: Promise<SvgEncoder> | undefined;
const loadEncoder = () => (encoder ??= import('bwip-js/browser'));

const useEncoder = () => {
  const [loaded, setLoaded] = useState<SvgEncoder>();
  useEffect(() => {
    let isCurrent = true;
    void loadEncoder().then((bwip) => isCurrent && setLoaded(bwip));
    return () => {
      isCurrent = false;
    };
  }, []);
  return loaded;
};

/**
 * A barcode field's code drawn in its box in the editor, as a generate prints it (symbology,
 * quiet zone, text, colour), from the field's default or its symbology's example data. An
 * image: the SVG cannot run anything, and it scales with the zoom.
 */
export const BarcodePreview = ({
  barcode,
  data,
  color,
  aspect,
}: {
  barcode: BarcodeOptions;
  data: string | undefined;
  color: string;
  aspect: number;
}) => {
  const bwip = useEncoder();
  // Only a linear code's shape follows the box; two decimals keep a drag from encoding anew.
  const roundedAspect = matrixSymbologies.includes(barcode.symbology)
    ? 1
    : Math.round(aspect * 100) / 100;
  const svg = useMemo(
    () => bwip && barcodePreviewSvg(bwip, { barcode, data, color, aspect: roundedAspect }),
    [bwip, barcode, data, color, roundedAspect],
  );
  if (!svg) return null;
  return (
    <img
      alt=""
      aria-hidden
      data-testid="barcode-preview"
      data-symbology={barcode.symbology}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'contain',
        pointerEvents: 'none',
      }}
    />
  );
};
