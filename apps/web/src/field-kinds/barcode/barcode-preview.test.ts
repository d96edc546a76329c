import * as bwip from 'bwip-js/browser';
import { describe, expect, it } from 'vitest';
import { barcodePreviewSvg, type BarcodePreviewInput } from './barcode-preview.ts';

const viewBox = (svg: string | undefined) =>
  /viewBox="([-\d. ]+)"/
    .exec(svg ?? '')?.[1]
    ?.split(' ')
    .map(Number);

const preview = (input: Partial<BarcodePreviewInput> & Pick<BarcodePreviewInput, 'barcode'>) =>
  barcodePreviewSvg(bwip, { data: undefined, color: '#000000', aspect: 1, ...input });

describe('barcodePreviewSvg', () => {
  it("keeps a QR code's quiet zone of four modules on every side, unless the field leaves it out", () => {
    // The example link is a version 3 code: 29 modules of 2 units.
    expect(viewBox(preview({ barcode: { symbology: 'qrcode' } }))).toEqual([-8, -8, 74, 74]);
    expect(viewBox(preview({ barcode: { symbology: 'qrcode', quietZone: false } }))).toEqual([
      0, 0, 58, 58,
    ]);
  });

  it('draws a linear code with its bars as tall as the box leaves, and its text under them', () => {
    const flat = viewBox(preview({ barcode: { symbology: 'ean13' }, aspect: 4 }))!;
    const tall = viewBox(preview({ barcode: { symbology: 'ean13' }, aspect: 1.5 }))!;
    expect(flat[2]! / flat[3]!).toBeCloseTo(4, 0);
    expect(tall[2]! / tall[3]!).toBeCloseTo(1.5, 0);
    expect(preview({ barcode: { symbology: 'ean13' } })).toContain('<path');
  });

  it("prints the field's default, or the example data where the code refuses it", () => {
    const ean = (data: string) => preview({ barcode: { symbology: 'ean13' }, data, aspect: 3 });
    expect(ean('4006381333931')).not.toEqual(ean('5901234123457'));
    expect(ean('not digits')).toEqual(ean('5901234123457'));
  });

  it("draws in the field's colour", () => {
    const svg = preview({ barcode: { symbology: 'datamatrix' }, color: '#1a73e8' });
    expect(svg).toMatch(/#1a73e8/i);
  });
});
