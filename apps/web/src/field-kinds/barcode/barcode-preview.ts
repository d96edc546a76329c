import {
  exampleBarcodeData,
  matrixSymbologies,
  symbologyData,
  type BarcodeOptions,
} from '@platen/contract';
import type { DrawingContext, RenderOptions } from 'bwip-js/browser';

/** What the preview asks of bwip-js (its browser build, loaded lazily): its SVG drawing. */
export interface SvgEncoder {
  render: (options: RenderOptions, drawing: DrawingContext<string>) => string;
  drawingSVG: () => DrawingContext<string>;
}

/** bwip-js's units per millimetre at scale 1 (it draws at 72 units an inch). */
const UNITS_PER_MM = 72 / 25.4;
/** The bar height of the first, measuring encode of a linear code. */
const PROBE_BAR_MM = 10;
/** Bars are at least this share of a linear code's width tall, however flat the box (the engine's). */
const MIN_BAR_HEIGHT_SHARE = 0.15;

export interface BarcodePreviewInput {
  barcode: BarcodeOptions;
  /** The field's default when it has one; else the symbology's example data. */
  data: string | undefined;
  /** `#rrggbb`: the field's colour, which the code prints in. */
  color: string;
  /** The box's width over its height. */
  aspect: number;
}

interface EncodedSymbol {
  svg: string;
  width: number;
  height: number;
  /** One module in the SVG's units: the last scale bwip-js asks of its drawing. */
  module: number;
}

/** Light modules kept on every side, unless the field leaves its quiet zone out. */
const quietModules = ({ quietZone, symbology }: BarcodeOptions) =>
  quietZone === false ? 0 : symbologyData[symbology].quietModules;

const VIEW_BOX = /viewBox="0 0 ([\d.]+) ([\d.]+)"/;

const encode = (bwip: SvgEncoder, input: BarcodePreviewInput, text: string, barMm?: number) => {
  const { barcode, color } = input;
  const drawing = bwip.drawingSVG();
  let module = 1;
  const svg = bwip.render(
    {
      // The contract's symbology names are bwip-js's own (`bcid`).
      bcid: barcode.symbology,
      text,
      scale: 1,
      barcolor: color.replace('#', ''),
      ...(barcode.symbology === 'qrcode' && { eclevel: barcode.errorCorrection ?? 'M' }),
      ...(!matrixSymbologies.includes(barcode.symbology) && {
        includetext: barcode.showText !== false,
        textxalign: 'center',
        ...(barMm !== undefined && { height: barMm }),
      }),
    },
    {
      ...drawing,
      scale: (sx, sy) => {
        module = sx;
        return drawing.scale(sx, sy);
      },
    },
  );
  const [, width, height] = VIEW_BOX.exec(svg) ?? [];
  return { svg, width: Number(width), height: Number(height), module } satisfies EncodedSymbol;
};

/** The quiet zone the field keeps, around a matrix code and beside a linear one's bars. */
const withQuietZone = (input: BarcodePreviewInput, symbol: EncodedSymbol) => {
  const x = quietModules(input.barcode) * symbol.module;
  const y = matrixSymbologies.includes(input.barcode.symbology) ? x : 0;
  const box = `viewBox="${-x} ${-y} ${symbol.width + 2 * x} ${symbol.height + 2 * y}"`;
  return symbol.svg.replace(VIEW_BOX, box);
};

/**
 * A linear code as tall as the box allows at its width, as the engine draws it: a first encode
 * measures what does not grow with the bars (the text under them), the second has bars of the
 * height that leaves.
 */
const linearSymbol = (bwip: SvgEncoder, input: BarcodePreviewInput, text: string) => {
  const probe = encode(bwip, input, text, PROBE_BAR_MM);
  const width = probe.width + 2 * quietModules(input.barcode) * probe.module;
  const fixed = probe.height - PROBE_BAR_MM * UNITS_PER_MM;
  const bars = Math.max(width / input.aspect - fixed, MIN_BAR_HEIGHT_SHARE * width);
  return encode(bwip, input, text, bars / UNITS_PER_MM);
};

const symbolSvg = (bwip: SvgEncoder, input: BarcodePreviewInput, text: string) => {
  try {
    const symbol = matrixSymbologies.includes(input.barcode.symbology)
      ? encode(bwip, input, text)
      : linearSymbol(bwip, input, text);
    return withQuietZone(input, symbol);
  } catch {
    return undefined; // data this symbology refuses: bwip-js throws
  }
};

/**
 * The field's code as an SVG document, drawn by bwip-js from the field's default, or from its
 * symbology's example data when there is none or the code refuses it; shaped as a generate
 * draws it (quiet zone, text under the bars, colour). The engine draws the PDF's own code
 * (QR codes through node-qrcode): the preview's modules may differ, never its kind or size.
 *
 * @example
 * barcodePreviewSvg(await import('bwip-js/browser'), { barcode: { symbology: 'ean13' }, data: undefined, color: '#000000', aspect: 3 })
 * // '<svg viewBox="0 0 …">…</svg>'
 */
export const barcodePreviewSvg = (
  bwip: SvgEncoder,
  input: BarcodePreviewInput,
): string | undefined =>
  (input.data ? symbolSvg(bwip, input, input.data) : undefined) ??
  symbolSvg(bwip, input, exampleBarcodeData(input.barcode));
