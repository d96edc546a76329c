import { describe, expect, it } from 'vitest';
import {
  barcodePayloadSchema,
  isMisshapenBarcodeData,
  MAX_BARCODE_DATA,
  storedBarcodeOptions,
  symbologyName,
} from './barcode.ts';

describe('the barcode kind', () => {
  it('finds data no check digit could save: the wrong shape or too long', () => {
    expect(isMisshapenBarcodeData('ean13', '590123412345')).toBe(false);
    expect(isMisshapenBarcodeData('ean13', '59012341234A')).toBe(true);
    expect(isMisshapenBarcodeData('qrcode', 'x'.repeat(MAX_BARCODE_DATA))).toBe(false);
    expect(isMisshapenBarcodeData('qrcode', 'x'.repeat(MAX_BARCODE_DATA + 1))).toBe(true);
  });

  it('keeps the error-correction level for QR codes only', () => {
    expect(storedBarcodeOptions({ symbology: 'code128', errorCorrection: 'H' })).toEqual({
      symbology: 'code128',
    });
    expect(
      storedBarcodeOptions({ symbology: 'qrcode', errorCorrection: 'H', showText: false }),
    ).toEqual({ symbology: 'qrcode', errorCorrection: 'H', showText: false });
  });

  it('gives the payload schema a pattern where one says the rule', () => {
    expect(barcodePayloadSchema({ symbology: 'ean8' })).toMatchObject({
      pattern: '^(\\d{7}\\d?)?$',
      description: 'The data of the code. An EAN-8: 7 digits, or 8 with a correct check digit.',
    });
    expect(barcodePayloadSchema(undefined)).toEqual({ type: ['string', 'null'] });
  });

  it('names a symbology as people do, and an unknown one as it came', () => {
    expect(symbologyName('upca')).toBe('UPC-A');
    expect(symbologyName('code93')).toBe('code93');
  });
});
