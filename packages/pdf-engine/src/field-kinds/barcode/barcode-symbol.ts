/**
 * Barcodes and QR codes as vector shapes: bwip-js (the JavaScript port of Barcode Writer in Pure
 * PostScript) encodes the data and calls a drawing interface with bars, module polygons and text
 * glyph outlines; this drawing keeps them as PDF path operators in the symbol's own units
 * (y down, as bwip-js draws), which field-barcode.ts scales into the field's box. bwip-js rather
 * than an encoder of our own: it covers every symbology, checks each one's rules (digits, check
 * digits, GS1 application identifiers) and is well kept. QR codes, the one code an invoice run
 * encodes anew for every document, come from node-qrcode instead (see qrSymbol). Both are loaded
 * on the first barcode only: importing bwip-js costs about 0.1 s.
 */
import type bwipjs from 'bwip-js';
import type QRCode from 'qrcode';
import type { DrawingContext, RenderOptions } from 'bwip-js';
import { nums } from '../../pdf-syntax.ts';
import type { BarcodeOptions, BarcodeSymbology } from '../../types.ts';
import { withBestMask } from './qr-mask.ts';
import { createQr } from './qr-segments.ts';

interface SymbologyRules {
  /** bwip-js's name for it (`bcid`). */
  bcid: string;
  /** How people call it, in messages. */
  name: string;
  /** Matrix codes have square modules and no human-readable text. */
  isMatrix: boolean;
  /** Light modules its scanners need on every side (ISO quiet zones, rounded up). */
  quietModules: number;
}

/** Every symbology a barcode field offers; each standard's quiet zone in modules. */
export const SYMBOLOGY_RULES: Record<BarcodeSymbology, SymbologyRules> = {
  qrcode: { bcid: 'qrcode', name: 'QR code', isMatrix: true, quietModules: 4 },
  datamatrix: { bcid: 'datamatrix', name: 'Data Matrix', isMatrix: true, quietModules: 1 },
  pdf417: { bcid: 'pdf417', name: 'PDF417', isMatrix: true, quietModules: 2 },
  azteccode: { bcid: 'azteccode', name: 'Aztec code', isMatrix: true, quietModules: 1 },
  code128: { bcid: 'code128', name: 'Code 128', isMatrix: false, quietModules: 10 },
  code39: { bcid: 'code39', name: 'Code 39', isMatrix: false, quietModules: 10 },
  ean13: { bcid: 'ean13', name: 'EAN-13', isMatrix: false, quietModules: 11 },
  ean8: { bcid: 'ean8', name: 'EAN-8', isMatrix: false, quietModules: 7 },
  upca: { bcid: 'upca', name: 'UPC-A', isMatrix: false, quietModules: 9 },
  itf14: { bcid: 'itf14', name: 'ITF-14', isMatrix: false, quietModules: 10 },
  'gs1-128': { bcid: 'gs1-128', name: 'GS1-128', isMatrix: false, quietModules: 10 },
};

/** Longer data is refused before encoding: no symbology listed holds more than 3,000 characters. */
const MAX_BARCODE_DATA = 3000;

/** A symbol drawn in its own units, y down from its top-left corner. */
export interface BarcodeSymbol {
  width: number;
  height: number;
  /** One module (the narrowest bar, a matrix cell) in symbol units. */
  module: number;
  /** Bars, modules (filled even-odd, as bwip-js fills) and glyphs, as PDF path operators. */
  paths: string[];
}

type Bwip = typeof bwipjs;
let bwip: Promise<Bwip> | undefined;
const loadBwip = () => (bwip ??= import('bwip-js').then((module) => module.default));
let qrcode: Promise<typeof QRCode> | undefined;
const loadQrcode = () => (qrcode ??= import('qrcode').then((module) => module.default));

/**
 * A QR code from node-qrcode, six to ten times faster than bwip-js's for the same data (about
 * 1.5 ms against 10 ms for an 80-character payment link): an invoice run encodes one per
 * document. node-qrcode encodes it with mask 0, from the segments qr-segments.ts chooses, and
 * qr-mask.ts chooses the mask node-qrcode would: each four times faster than node-qrcode's own
 * choice. Its modules become one rectangle per run of dark modules in a row.
 */
const qrSymbol = async (options: BarcodeOptions, data: string): Promise<BarcodeSymbol> => {
  const lib = await loadQrcode();
  const level = options.errorCorrection ?? 'M';
  let encoded: QRCode.BitMatrix;
  try {
    encoded = createQr(lib, data, { errorCorrectionLevel: level, maskPattern: 0 }).modules;
  } catch (error) {
    throw new BarcodeDataError(encoderReason(error));
  }
  const { size } = encoded;
  const modules = withBestMask(encoded, level);
  const rows: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[y * size + x]) x++;
      rows.push(`${start} ${y} ${x - start} 1 re`);
    }
  }
  return { width: size, height: size, module: 1, paths: [`${rows.join('\n')}\nf`] };
};

// Four Bézier arcs approximate a circle with this control distance (per unit radius).
const KAPPA = (4 * (Math.SQRT2 - 1)) / 3;

/**
 * A bwip-js drawing that keeps vector paths. Bars are placed as bwip-js's own bitmap drawing
 * places them (a bar of width w at x covers x − ⌈w/2⌉ to x + ⌊w/2⌋), so the vector symbol has
 * exactly the widths its encoder meant.
 */
const vectorDrawing = (lib: Bwip): DrawingContext<BarcodeSymbol> => {
  const paths: string[] = [];
  let polygon: string[] = [];
  let size = { width: 0, height: 0 };
  let module = 1;
  const at = (x: number, y: number) => nums([x, y]);
  return {
    scale(sx) {
      module = sx; // the last scale bwip-js asks for is one module
      return null;
    },
    measure(text, font, width, height) {
      const id = lib.FontLib.lookup(font);
      let total = 0;
      let ascent = 0;
      let descent = 0;
      for (let i = 0; i < text.length; i++) {
        const glyph = lib.FontLib.getglyph(id, text.charCodeAt(i), width | 0, height | 0);
        ascent = Math.max(ascent, glyph.top);
        descent = Math.max(descent, glyph.height - glyph.top);
        total += i === text.length - 1 ? glyph.left + glyph.width : glyph.advance;
      }
      return { width: total, ascent, descent };
    },
    init(width, height) {
      size = { width, height };
    },
    line(x0, y0, x1, y1, lineWidth) {
      const w = Math.round(lineWidth) || 1;
      const [left, right] = [Math.min(x0, x1) | 0, Math.max(x0, x1) | 0];
      const [top, bottom] = [Math.min(y0, y1) | 0, Math.max(y0, y1) | 0];
      const half = Math.floor(w / 2);
      const rect =
        left === right
          ? [left - w + half, top, w, bottom - top + 1]
          : [left, top - half, right - left + 1, w];
      paths.push(`${at(rect[0]!, rect[1]!)} ${nums([rect[2]!, rect[3]!])} re`);
    },
    polygon(points) {
      const [first, ...rest] = points;
      if (!first) return;
      polygon.push(`${at(first[0], first[1])} m`, ...rest.map(([x, y]) => `${at(x, y)} l`), 'h');
    },
    hexagon(points) {
      this.polygon(points);
    },
    ellipse(x, y, rx, ry) {
      const [kx, ky] = [rx * KAPPA, ry * KAPPA];
      polygon.push(
        `${at(x - rx, y)} m`,
        `${at(x - rx, y - ky)} ${at(x - kx, y - ry)} ${at(x, y - ry)} c`,
        `${at(x + kx, y - ry)} ${at(x + rx, y - ky)} ${at(x + rx, y)} c`,
        `${at(x + rx, y + ky)} ${at(x + kx, y + ry)} ${at(x, y + ry)} c`,
        `${at(x - kx, y + ry)} ${at(x - rx, y + ky)} ${at(x - rx, y)} c`,
        'h',
      );
    },
    fill() {
      // bwip-js fills even-odd: a polygon inside another is a hole.
      if (polygon.length > 0) paths.push(`${polygon.join('\n')}\nf*`);
      polygon = [];
    },
    text(x, y, text, _color, font) {
      const id = lib.FontLib.lookup(font.name);
      const [width, height] = [font.width | 0, font.height | 0];
      const glyphs: string[] = [];
      let pen = x;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        let [cx, cy] = [0, 0];
        for (const segment of lib.FontLib.getpaths(id, code, width, height)) {
          const [px, py] = [pen + segment.x, y - segment.y];
          if (segment.type === 'M' || segment.type === 'L') {
            glyphs.push(`${at(px, py)} ${segment.type === 'M' ? 'm' : 'l'}`);
          } else if (segment.type === 'Q') {
            // PDF has cubic curves only: a quadratic's control point becomes two at two thirds.
            const [qx, qy] = [pen + segment.cx, y - segment.cy];
            const c1 = at(cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy));
            const c2 = at(px + (2 / 3) * (qx - px), py + (2 / 3) * (qy - py));
            glyphs.push(`${c1} ${c2} ${at(px, py)} c`);
          } else {
            const c1 = at(pen + segment.cx1, y - segment.cy1);
            const c2 = at(pen + segment.cx2, y - segment.cy2);
            glyphs.push(`${c1} ${c2} ${at(px, py)} c`);
          }
          [cx, cy] = [px, py];
        }
        pen += lib.FontLib.getglyph(id, code, width, height).advance + (font.dx | 0);
      }
      if (glyphs.length > 0) paths.push(`${glyphs.join('\n')}\nf`);
    },
    end: () => ({ ...size, module, paths }),
  };
};

/** Millimetres of bar height bwip-js draws per symbol unit (1 unit = 1 pt at scale 1). */
export const UNITS_PER_MM = 72 / 25.4;

/** bwip-js's words for a refusal, without its internal code: "EAN-13 must contain only digits". */
const encoderReason = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.replace(/^bwipp\.\w+(?:#\d+)?:\s*/, '').trim();
  return reason.endsWith('.') ? reason : `${reason}.`;
};

/** A value bwip-js refuses, or no value at all, with the rule it breaks. */
export class BarcodeDataError extends Error {}

/**
 * The symbol for `data`; `barHeightMm` sets a linear code's bar height. Throws BarcodeDataError
 * with the symbology's rule when the data breaks it.
 */
export const encodeBarcode = async (
  options: BarcodeOptions,
  data: string,
  barHeightMm?: number,
): Promise<BarcodeSymbol> => {
  const rules = SYMBOLOGY_RULES[options.symbology];
  if (data.length > MAX_BARCODE_DATA) {
    throw new BarcodeDataError(`A ${rules.name} holds at most ${MAX_BARCODE_DATA} characters.`);
  }
  if (options.symbology === 'qrcode') return qrSymbol(options, data);
  const lib = await loadBwip();
  const render: RenderOptions = {
    bcid: rules.bcid,
    text: data,
    scale: 1,
    ...(!rules.isMatrix && { includetext: options.showText !== false }),
    ...(barHeightMm !== undefined && !rules.isMatrix && { height: barHeightMm }),
  };
  try {
    return lib.render(render, vectorDrawing(lib));
  } catch (error) {
    throw new BarcodeDataError(encoderReason(error));
  }
};

/** Bytes the largest QR code (version 40) holds in byte mode, per error-correction level. */
const QR_BYTE_CAPACITY = { L: 2953, M: 2331, Q: 1663, H: 1273 } as const;

/**
 * Data that fits a QR code as UTF-8 bytes fits it: byte mode is the widest any data needs, and
 * a QR code has no other rule. Knowing it spares the encode (about 0.5 ms of choosing a mask).
 */
const fitsQrCode = (options: BarcodeOptions, data: string) =>
  Buffer.byteLength(data, 'utf8') <= QR_BYTE_CAPACITY[options.errorCorrection ?? 'M'];

/**
 * Why `data` cannot be printed in this symbology ("The value is not a valid EAN-13: Incorrect
 * EAN-13 check digit provided."), or undefined when it can: the server asks before drawing so
 * a payload's every bad value is named at once. It asks on its event loop, so a QR code whose
 * data fits is not encoded twice: only the PDF worker draws it.
 */
export const barcodeDataProblem = async (
  options: BarcodeOptions,
  data: string,
): Promise<string | undefined> => {
  if (options.symbology === 'qrcode' && fitsQrCode(options, data)) return undefined;
  try {
    await encodeBarcode(options, data);
    return undefined;
  } catch (error) {
    if (!(error instanceof BarcodeDataError)) throw error;
    return `is not a valid ${SYMBOLOGY_RULES[options.symbology].name}: ${error.message}`;
  }
};
