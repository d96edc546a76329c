import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import { barcodeDataProblem, encodeBarcode } from './barcode-symbol.ts';
import { PdfEngineError } from '../../errors.ts';
import { createFillEngine } from '../../fill-engine.ts';
import { DEVICE_GRID_PT } from './field-barcode.ts';
import { decodePng, inkOf, renderBox } from '../../../test/barcode-decode.ts';
import { field, makeTemplate } from '../../../test/fixtures.ts';
import type { BarcodeOptions, BarcodeSymbology, FieldSpec } from '../../types.ts';

const { fill } = createFillEngine();

let template: Uint8Array;
beforeAll(async () => {
  template = await makeTemplate();
});

const barcodeField = (
  barcode: BarcodeOptions,
  box: { rectWidth: number; rectHeight: number },
  overrides: Partial<FieldSpec> = {},
) => field('Code', { type: 'barcode', rectX: 60, rectY: 80, ...box, barcode, ...overrides });

/** Fills one barcode field on page 1 and renders its box at 300 dpi. */
const fillAndRender = async (f: FieldSpec, data: string) => {
  const { pdf } = await fill(template, [f], { [f.label]: data });
  return { pdf, png: renderBox(pdf, f) };
};

/** Each symbology with data it accepts, a box of the shape it is printed in, and ZXing's name. */
const SAMPLES: [BarcodeSymbology, string, number, number, ReadInputBarcodeFormat][] = [
  ['qrcode', 'https://example.com/pay?invoice=2026-0042&amount=129.90', 120, 120, 'QRCode'],
  ['datamatrix', 'PLATEN-0042-DM', 80, 80, 'DataMatrix'],
  ['pdf417', 'Invoice 2026-0042, 129.90 EUR', 220, 80, 'PDF417'],
  ['azteccode', 'Ticket 7 4812 3301', 90, 90, 'Aztec'],
  ['code128', 'INV-2026-0042', 220, 70, 'Code128'],
  ['code39', 'PLATEN 42', 220, 70, 'Code39'],
  ['ean13', '5901234123457', 200, 90, 'EAN13'],
  ['ean8', '96385074', 150, 80, 'EAN8'],
  ['upca', '036000291452', 200, 90, 'UPCA'],
  ['itf14', '15400141288763', 260, 80, 'ITF'],
  ['gs1-128', '(01)09501101530003(17)260630(10)AB-123', 300, 80, 'Code128'],
];

describe('barcode fields: the printed code scans', () => {
  it.each(SAMPLES)(
    '%s is decoded back from a 300 dpi render of the filled PDF',
    async (symbology, data, rectWidth, rectHeight, format) => {
      const { png } = await fillAndRender(
        barcodeField({ symbology }, { rectWidth, rectHeight }),
        data,
      );
      const found = await decodePng(png, [format]);
      // ZXing reads a UPC-A as the EAN-13 it is part of: the same digits after a 0.
      const read = symbology === 'upca' ? `0${data}` : data;
      expect(
        found.map((r) => r.text),
        png,
      ).toEqual([read]);
    },
  );

  it('draws vector paths, never a picture', async () => {
    const { pdf } = await fillAndRender(barcodeField({ symbology: 'qrcode' }, SQUARE), 'Hello');
    expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('keeps a matrix code square and centred in a wide box, and it still scans', async () => {
    const f = barcodeField({ symbology: 'qrcode' }, { rectWidth: 300, rectHeight: 90 });
    const { png } = await fillAndRender(f, 'Wide box');
    const ink = await inkOf(png);
    expect(Math.abs(ink.width - ink.height)).toBeLessThan(0.5);
    expect(ink.height).toBeLessThanOrEqual(90);
    expect(ink.height).toBeGreaterThan(90 * 0.6); // four quiet modules each side of 21 + 4
    const centre = ink.left + ink.width / 2 - 12; // the render has a 12 pt margin
    expect(Math.abs(centre - 150)).toBeLessThan(1);
    expect((await decodePng(png, ['QRCode'])).map((r) => r.text)).toEqual(['Wide box']);
  });

  it('stretches a linear code’s bars to the box’s height, not its text', async () => {
    const short = await inkOf(
      (await fillAndRender(barcodeField(EAN, { rectWidth: 200, rectHeight: 60 }), EAN_DATA)).png,
    );
    const tall = await inkOf(
      (await fillAndRender(barcodeField(EAN, { rectWidth: 200, rectHeight: 160 }), EAN_DATA)).png,
    );
    expect(tall.width).toBeCloseTo(short.width, 1);
    expect(short.height).toBeGreaterThan(60 * 0.9);
    expect(tall.height).toBeGreaterThan(160 * 0.95);
    expect(tall.height).toBeLessThanOrEqual(160);
  });

  it('uses the whole box when the quiet zone is left out, with whole-dot modules', async () => {
    const f = barcodeField({ symbology: 'datamatrix', quietZone: false }, SQUARE);
    const ink = await inkOf((await fillAndRender(f, 'PLATEN')).png);
    // 12 × 12 modules of a whole number of 600 dpi dots, as large as fit in 100 pt.
    const modulePt = Math.floor(100 / 12 / DEVICE_GRID_PT) * DEVICE_GRID_PT;
    expect(ink.width).toBeCloseTo(12 * modulePt, 0);
    expect(ink.width).toBeGreaterThan(100 - 12 * DEVICE_GRID_PT);
  });

  it('prints in the field’s colour', async () => {
    const f = barcodeField({ symbology: 'qrcode' }, SQUARE, { fontColor: '#1a5fb4' });
    const ink = await inkOf((await fillAndRender(f, 'Blue')).png);
    expect(ink.darkest).toEqual([0x1a, 0x5f, 0xb4]);
  });
});

const SQUARE = { rectWidth: 100, rectHeight: 100 };
const EAN: BarcodeOptions = { symbology: 'ean13' };
const EAN_DATA = '5901234123457';

describe('barcode fields: options', () => {
  it('prints the digits under the bars unless told not to', async () => {
    const glyphs = (symbol: { paths: string[] }) => symbol.paths.filter((p) => p.endsWith('\nf'));
    expect(glyphs(await encodeBarcode(EAN, EAN_DATA))).toHaveLength(13);
    expect(glyphs(await encodeBarcode({ ...EAN, showText: false }, EAN_DATA))).toHaveLength(0);
  });

  it('makes a QR code larger for a higher error-correction level', async () => {
    const data = 'https://example.com/pay?invoice=2026-0042';
    const low = await encodeBarcode({ symbology: 'qrcode', errorCorrection: 'L' }, data);
    const high = await encodeBarcode({ symbology: 'qrcode', errorCorrection: 'H' }, data);
    expect(high.width).toBeGreaterThan(low.width);
  });
});

describe('barcode fields: data a symbology refuses', () => {
  it.each([
    ['ean13', 'a letter', '59012341234X', 'EAN-13 must contain only digits'],
    ['ean13', 'a wrong check digit', '5901234123458', 'Incorrect EAN-13 check digit provided'],
    ['upca', 'a letter', '03600029145X', 'UPC-A must contain only digits'],
    ['gs1-128', 'a wrong GTIN check digit', '(01)12345678901234', 'AI 01: Bad checksum'],
    ['code39', 'lower case', 'lower case', 'Code 39 must contain only digits, capital letters'],
    ['qrcode', 'too much data', 'x'.repeat(3001), 'A QR code holds at most 3000 characters.'],
  ] as const)(
    'refuses %s data with %s, naming the field and the rule',
    async (symbology, _what, data, rule) => {
      const f = barcodeField({ symbology }, SQUARE);
      const refusal = await fill(template, [f], { Code: data }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PdfEngineError);
      const { code, message, fields } = refusal as PdfEngineError;
      expect({ code, fields }).toEqual({ code: 'INVALID_VALUE', fields: ['Code'] });
      expect(message).toMatch(/^The value of "Code" is not a valid /);
      expect(message).toContain(rule);
      expect(await barcodeDataProblem({ symbology }, data)).toContain(rule);
    },
  );

  it('knows a QR code holds data as long as it fits as bytes, and asks the encoder past that', async () => {
    const qr = (errorCorrection: 'M' | 'H') => ({ symbology: 'qrcode' as const, errorCorrection });
    expect(await barcodeDataProblem(qr('H'), 'ä'.repeat(636))).toBeUndefined(); // 1,272 bytes
    // Past 1,273 bytes: digits still fit (numeric mode), letters at level H do not.
    expect(await barcodeDataProblem(qr('H'), '7'.repeat(2000))).toBeUndefined();
    expect(await barcodeDataProblem(qr('H'), 'x'.repeat(1300))).toMatch(
      /^is not a valid QR code: /,
    );
    expect(await barcodeDataProblem(qr('M'), 'x'.repeat(1300))).toBeUndefined();
  });

  it('finds nothing wrong with data the symbology takes', async () => {
    for (const [symbology, data] of SAMPLES) {
      expect(await barcodeDataProblem({ symbology }, data), symbology).toBeUndefined();
    }
  });
});
