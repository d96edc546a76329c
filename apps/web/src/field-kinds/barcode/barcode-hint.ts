import { describeBarcodeData, type BarcodeOptions } from '@platen/contract';

/** Under a barcode field's input in the Form tab, what its code's data must look like. */
export const barcodeHint = (barcode: BarcodeOptions | undefined) =>
  barcode && describeBarcodeData(barcode.symbology);
