import {
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type SelectProps,
} from '@mantine/core';
import {
  datePatterns,
  formatFieldTypes,
  formatLocales,
  type FieldType,
  type ValueFormat,
} from '@platen/contract';
import { toNumber } from '../../../lib/input-values.ts';

type FormatSettingsProps = {
  type: FieldType | '';
  format: ValueFormat | undefined;
  onChange: (format: ValueFormat | undefined) => void;
};

/** 31 January 2026 in each offered pattern, so the list reads as what will be printed. */
const DATE_EXAMPLES: Record<(typeof datePatterns)[number], string> = {
  'dd.MM.yyyy': '31.01.2026',
  'MM/dd/yyyy': '01/31/2026',
  'dd/MM/yyyy': '31/01/2026',
  'yyyy-MM-dd': '2026-01-31',
  'd MMMM yyyy': '31 January 2026',
  'MMMM d, yyyy': 'January 31, 2026',
};
const dateOptions = [
  { value: '', label: 'As sent' },
  ...datePatterns.map((pattern) => ({
    value: pattern,
    label: DATE_EXAMPLES[pattern],
  })),
];
/** A listed date format: its example, and under it the pattern (the pattern is the value). */
const renderDateOption: SelectProps['renderOption'] = ({ option }) => (
  <div>
    <Text size="sm">{option.label}</Text>
    {option.value && (
      <Text size="xs" c="dimmed">
        {option.value}
      </Text>
    )}
  </div>
);
const localeOptions = formatLocales.map((locale) => ({ value: locale, label: locale }));
const numberKinds = [
  { value: '', label: 'As sent' },
  { value: 'number', label: 'Number' },
  { value: 'amount', label: 'Amount in a currency' },
];

/** 1234.5 as the number format prints it, or nothing while the format is incomplete. */
const numberExample = (format: Extract<ValueFormat, { kind: 'number' }>): string => {
  try {
    return new Intl.NumberFormat(format.locale ?? 'en-US', {
      ...(format.currency && { style: 'currency', currency: format.currency }),
      ...(format.decimals !== undefined && {
        minimumFractionDigits: format.decimals,
        maximumFractionDigits: format.decimals,
      }),
      useGrouping: format.grouping ?? true,
    }).format(1234.5);
  } catch {
    return '';
  }
};

/**
 * How the field prints its value: a date pattern and language, a number or an amount, or upper
 * case. The server applies it to every document; values are still sent as ISO dates and numbers.
 */
export const FormatSettings = ({ type, format, onChange }: FormatSettingsProps) => {
  if (type === 'date') {
    const dateFormat = format?.kind === 'date' ? format : undefined;
    return (
      // Each option reads as its example alone, its pattern under it in the list: in half the
      // panel, "31 January 2026 (d MMMM yyyy)" was cut off. The language, five letters, takes
      // less than half, as wide as it needs.
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          label="Date format"
          description="Sent as 2026-01-31"
          data={dateOptions}
          renderOption={renderDateOption}
          value={dateFormat?.pattern ?? ''}
          allowDeselect={false}
          maxDropdownHeight={200}
          comboboxProps={{ withinPortal: true }}
          onChange={(pattern) =>
            onChange(pattern ? { kind: 'date', pattern, locale: dateFormat?.locale } : undefined)
          }
        />
        <Select
          w={96}
          label="Language"
          description="Of months"
          data={localeOptions}
          value={dateFormat?.locale ?? 'en-US'}
          disabled={!dateFormat}
          allowDeselect={false}
          maxDropdownHeight={200}
          comboboxProps={{ withinPortal: true }}
          onChange={(locale) => dateFormat && locale && onChange({ ...dateFormat, locale })}
        />
      </Group>
    );
  }
  if (type === 'number') {
    const numberFormat = format?.kind === 'number' ? format : undefined;
    const kind = numberFormat ? (numberFormat.currency ? 'amount' : 'number') : '';
    const example = numberFormat && numberExample(numberFormat);
    return (
      <Stack gap="xs">
        <Select
          label="Number format"
          data={numberKinds}
          value={kind}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(next) =>
            onChange(
              next
                ? {
                    kind: 'number',
                    decimals: numberFormat?.decimals ?? 2,
                    locale: numberFormat?.locale ?? 'en-US',
                    ...(next === 'amount' && { currency: numberFormat?.currency ?? 'EUR' }),
                  }
                : undefined,
            )
          }
        />
        {numberFormat && (
          <>
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                label="Decimals"
                value={numberFormat.decimals ?? 2}
                min={0}
                max={6}
                allowDecimal={false}
                clampBehavior="strict"
                onChange={(value) => {
                  const decimals = toNumber(value);
                  if (decimals !== undefined) onChange({ ...numberFormat, decimals });
                }}
              />
              <Select
                label="Locale"
                data={localeOptions}
                value={numberFormat.locale ?? 'en-US'}
                allowDeselect={false}
                maxDropdownHeight={200}
                comboboxProps={{ withinPortal: true }}
                onChange={(locale) => locale && onChange({ ...numberFormat, locale })}
              />
            </SimpleGrid>
            {kind === 'amount' && (
              <TextInput
                label="Currency"
                description="ISO 4217 code, like EUR or USD"
                value={numberFormat.currency ?? ''}
                maxLength={3}
                onChange={(event) =>
                  onChange({ ...numberFormat, currency: event.currentTarget.value.toUpperCase() })
                }
              />
            )}
            <Checkbox
              label="Group thousands"
              checked={numberFormat.grouping ?? true}
              onChange={(event) =>
                onChange({ ...numberFormat, grouping: event.currentTarget.checked })
              }
            />
            {example && (
              <Text size="xs" c="dimmed" data-testid="number-format-example">
                Prints 1234.5 as {example}
              </Text>
            )}
          </>
        )}
      </Stack>
    );
  }
  if (type && formatFieldTypes.uppercase.includes(type)) {
    return (
      <Checkbox
        label="Print in upper case"
        checked={format?.kind === 'uppercase'}
        onChange={(event) =>
          onChange(event.currentTarget.checked ? { kind: 'uppercase' } : undefined)
        }
      />
    );
  }
  return null;
};
