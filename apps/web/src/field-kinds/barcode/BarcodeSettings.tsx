import { Checkbox, Select, Stack } from '@mantine/core';
import {
  barcodeSymbologies,
  barcodeSymbologyNames,
  matrixSymbologies,
  qrErrorCorrectionLevels,
  type BarcodeOptions,
  type BarcodeSymbology,
} from '@platen/contract';

/** A new barcode field prints a QR code until another symbology is chosen. */
export const DEFAULT_BARCODE: BarcodeOptions = { symbology: 'qrcode' };

const symbologyOptions = [
  {
    group: '2D codes',
    items: barcodeSymbologies
      .filter((s) => matrixSymbologies.includes(s))
      .map((s) => ({ value: s, label: barcodeSymbologyNames[s] })),
  },
  {
    group: 'Linear barcodes',
    items: barcodeSymbologies
      .filter((s) => !matrixSymbologies.includes(s))
      .map((s) => ({ value: s, label: barcodeSymbologyNames[s] })),
  },
];

const LEVEL_WORDS: Record<(typeof qrErrorCorrectionLevels)[number], string> = {
  L: 'Low: 7 % may be damaged',
  M: 'Medium: 15 % may be damaged',
  Q: 'Quartile: 25 % may be damaged',
  H: 'High: 30 % may be damaged',
};
const levelOptions = qrErrorCorrectionLevels.map((level) => ({
  value: level,
  label: LEVEL_WORDS[level],
}));

/**
 * A barcode field's symbology and options (the value is the data; the code prints in the
 * field's colour). Error correction is a QR code's; human-readable text a linear code's.
 */
export const BarcodeSettings = ({
  barcode = DEFAULT_BARCODE,
  onChange,
}: {
  barcode: BarcodeOptions | undefined;
  onChange: (barcode: BarcodeOptions) => void;
}) => {
  const isMatrix = matrixSymbologies.includes(barcode.symbology);
  return (
    <Stack gap="sm" data-testid="barcode-settings">
      <Select
        label="Symbology"
        description="Changing it after publishing is a breaking change"
        data={symbologyOptions}
        value={barcode.symbology}
        allowDeselect={false}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          if (!value) return;
          const symbology = value as BarcodeSymbology;
          // The error-correction level is a QR code's alone.
          const { errorCorrection, ...rest } = barcode;
          onChange({
            ...rest,
            symbology,
            ...(symbology === 'qrcode' && errorCorrection && { errorCorrection }),
          });
        }}
      />
      {barcode.symbology === 'qrcode' && (
        <Select
          label="Error correction"
          data={levelOptions}
          value={barcode.errorCorrection ?? 'M'}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) =>
            value &&
            onChange({ ...barcode, errorCorrection: value as BarcodeOptions['errorCorrection'] })
          }
        />
      )}
      <Checkbox
        label="Quiet zone (the margin scanners need)"
        checked={barcode.quietZone !== false}
        onChange={(event) => onChange({ ...barcode, quietZone: event.currentTarget.checked })}
      />
      {!isMatrix && (
        <Checkbox
          label="Print the data under the bars"
          checked={barcode.showText !== false}
          onChange={(event) => onChange({ ...barcode, showText: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
};
