/**
 * A barcode field: its value encoded (barcode-symbol.ts) and drawn as vector paths, as large as
 * its box allows without distortion. A matrix code keeps square modules and is centred; a linear
 * code spans the box's width and its bars grow to the box's height, with its text at the size the
 * width gives. Module widths are whole multiples of 1/600 inch, so each bar covers whole dots on
 * 300, 600 and 1200 dpi printers and no bar prints a dot wider than its neighbour.
 */
import type { RGB } from '@cantoo/pdf-lib';
import {
  BarcodeDataError,
  encodeBarcode,
  SYMBOLOGY_RULES,
  UNITS_PER_MM,
  type BarcodeSymbol,
} from './barcode-symbol.ts';
import { beginBox, endBox, type BoxFrame } from '../../draw-text.ts';
import { PdfEngineError } from '../../errors.ts';
import { boxFrame, type FillContext } from '../../fill-context.ts';
import { fillColor } from '../../page-canvas.ts';
import { nums } from '../../pdf-syntax.ts';
import type { FieldFit } from '../../fill-result-types.ts';
import type { BarcodeOptions, FieldSpec } from '../../types.ts';

/** One dot of a 600 dpi printer, in points. */
export const DEVICE_GRID_PT = 72 / 600;

/** The module size in points, made a whole number of dots when it spans at least two. */
const snappedModule = (modulePt: number) =>
  modulePt >= 2 * DEVICE_GRID_PT
    ? Math.floor(modulePt / DEVICE_GRID_PT + 1e-9) * DEVICE_GRID_PT
    : modulePt;

/** Bars are at least this share of a linear code's width tall, however flat the box. */
const MIN_BAR_HEIGHT_SHARE = 0.15;
/** The bar height of the first, measuring encode of a linear code. */
const PROBE_BAR_MM = 10;

interface Placement {
  symbol: BarcodeSymbol;
  /** Points per symbol unit. */
  scale: number;
  /** The symbol's bottom-left corner in the box frame, in points. */
  x: number;
  y: number;
}

const quietUnits = (options: BarcodeOptions, symbol: BarcodeSymbol) =>
  options.quietZone === false ? 0 : SYMBOLOGY_RULES[options.symbology].quietModules * symbol.module;

/** The symbol scaled to fit the box with its quiet zone, module snapped, centred. */
const place = (options: BarcodeOptions, symbol: BarcodeSymbol, frame: BoxFrame): Placement => {
  const quiet = quietUnits(options, symbol);
  const isMatrix = SYMBOLOGY_RULES[options.symbology].isMatrix;
  const width = symbol.width + 2 * quiet;
  const height = symbol.height + (isMatrix ? 2 * quiet : 0);
  const fit = Math.min(frame.width / width, frame.height / height);
  const scale = snappedModule(fit * symbol.module) / symbol.module;
  return {
    symbol,
    scale,
    x: (frame.width - symbol.width * scale) / 2,
    y: (frame.height - symbol.height * scale) / 2,
  };
};

/**
 * A linear code as wide as the box and, through its bar height, as tall: a first encode
 * measures what does not grow with the bars (text, guard bars), the second draws bars of the
 * height that leaves.
 */
const linearSymbol = async (options: BarcodeOptions, data: string, frame: BoxFrame) => {
  const probe = await encodeBarcode(options, data, PROBE_BAR_MM);
  const fixedHeight = probe.height - PROBE_BAR_MM * UNITS_PER_MM;
  const width = probe.width + 2 * quietUnits(options, probe);
  const scale = snappedModule((frame.width / width) * probe.module) / probe.module;
  // A unit short of the box: bwip-js rounds bar ends to whole units.
  const bars = Math.max(frame.height / scale - fixedHeight - 1, MIN_BAR_HEIGHT_SHARE * width);
  return encodeBarcode(options, data, bars / UNITS_PER_MM);
};

const symbolFor = (options: BarcodeOptions, data: string, frame: BoxFrame) =>
  SYMBOLOGY_RULES[options.symbology].isMatrix
    ? encodeBarcode(options, data)
    : linearSymbol(options, data, frame);

/** Draws `data` as the field's code, in `color`, flipped from bwip-js's y-down units. */
export const drawBarcodeField = async (
  ctx: FillContext,
  field: FieldSpec,
  data: string,
  color: RGB,
): Promise<FieldFit> => {
  const options = field.barcode;
  if (!options || !Object.hasOwn(SYMBOLOGY_RULES, options.symbology)) {
    throw new PdfEngineError(
      'INVALID_FIELD',
      `The barcode field "${field.label}" has no symbology.`,
      [field.label],
    );
  }
  const { page, frame } = boxFrame(ctx, field.label, field.page, field);
  let placement: Placement;
  try {
    placement = place(options, await symbolFor(options, data, frame), frame);
  } catch (error) {
    if (!(error instanceof BarcodeDataError)) throw error;
    const name = SYMBOLOGY_RULES[options.symbology].name;
    throw new PdfEngineError(
      'INVALID_VALUE',
      `The value of "${field.label}" is not a valid ${name}: ${error.message}`,
      [field.label],
    );
  }
  const { symbol, scale, x, y } = placement;
  beginBox(page, frame);
  page.push(
    'q',
    fillColor(color),
    `${nums([scale, 0, 0, -scale, x, y + symbol.height * scale])} cm`,
    ...symbol.paths,
    'Q',
  );
  endBox(page);
  return { result: 'fitted', fontSize: 0 };
};
