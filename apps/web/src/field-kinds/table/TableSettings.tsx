import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TableColumn, TableOptions } from '@platen/contract';
import { toNumber } from '../../lib/input-values.ts';

/** What the settings need of a template page: its height in points (a continuation's rows). */
type PageSize = { height: number };

/** A new table field: an item column three times as wide as its amount. */
export const DEFAULT_TABLE: TableOptions = {
  columns: [
    { label: 'Item', widthShare: 3, align: 'left' },
    { label: 'Amount', widthShare: 1, align: 'right', format: { kind: 'number', decimals: 2 } },
  ],
  headerRow: true,
};

/**
 * The formats a column offers: a number with two decimals, a date as dd.MM.yyyy (the API sets any
 * number or date format the field panel's Format offers a field).
 */
const FORMATS: Record<string, TableColumn['format']> = {
  text: undefined,
  number: { kind: 'number', decimals: 2 },
  date: { kind: 'date', pattern: 'dd.MM.yyyy' },
  uppercase: { kind: 'uppercase' },
};
const formatOptions = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'uppercase', label: 'Upper case' },
];
const alignOptions = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

const ColumnRow = ({
  column,
  index,
  onChange,
  onRemove,
}: {
  column: TableColumn;
  index: number;
  onChange: (column: TableColumn) => void;
  onRemove: (() => void) | undefined;
}) => (
  <Stack gap={4}>
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={`Column ${index + 1}`}
        value={column.label}
        onChange={(e) => onChange({ ...column, label: e.currentTarget.value })}
        style={{ flex: 1 }}
      />
      <NumberInput
        label="Width share"
        aria-label={`Column ${index + 1} width share`}
        value={column.widthShare}
        min={0.1}
        max={100}
        step={0.5}
        w={90}
        onChange={(value) => {
          const n = toNumber(value);
          if (n !== undefined && n > 0) onChange({ ...column, widthShare: n });
        }}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        mb={4}
        aria-label={`Remove column ${index + 1}`}
        disabled={!onRemove}
        onClick={onRemove}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={`Column ${index + 1} alignment`}
        data={alignOptions}
        value={column.align}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => value && onChange({ ...column, align: value as TableColumn['align'] })}
        w={110}
      />
      <Select
        aria-label={`Column ${index + 1} format`}
        data={formatOptions}
        value={column.format?.kind ?? 'text'}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          if (!value) return;
          const format = FORMATS[value];
          onChange({
            label: column.label,
            widthShare: column.widthShare,
            align: column.align,
            ...(format && { format }),
          });
        }}
        style={{ flex: 1 }}
      />
    </Group>
  </Stack>
);

/** The options without one optional setting (an empty input clears it). */
const withoutKey = (table: TableOptions, key: 'continuation' | 'rowFontSize'): TableOptions =>
  Object.fromEntries(Object.entries(table).filter(([k]) => k !== key)) as TableOptions;

/** A margin kept above and below the rows on a continuation page, in points. */
const CONTINUATION_MARGIN = 40;

/**
 * Where rows go once the table's box is full: the same page again (the default), or another page
 * of the template with the rows' box from "Rows from" down "Rows height" (as wide as the table).
 */
const ContinuationSettings = ({
  table,
  pages,
  onChange,
}: {
  table: TableOptions;
  pages: readonly PageSize[];
  onChange: (table: TableOptions) => void;
}) => {
  const next = table.continuation;
  const pageOptions = [
    { value: '', label: 'This page again' },
    ...pages.map((_, i) => ({ value: String(i + 1), label: `Page ${i + 1}` })),
  ];
  const setNumber = (key: 'rectY' | 'rectHeight') => (value: string | number) => {
    const n = toNumber(value);
    if (next && n !== undefined && n >= (key === 'rectY' ? 0 : 1)) {
      onChange({ ...table, continuation: { ...next, [key]: n } });
    }
  };
  return (
    <Stack gap={4}>
      <Select
        label="Continue on"
        description="When the rows overflow the box; a page used only for this is left out when they fit"
        data={pageOptions}
        value={next ? String(next.page) : ''}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          const rest = withoutKey(table, 'continuation');
          const page = Number(value);
          const size = pages[page - 1];
          if (!value || !size) return onChange(rest);
          onChange({
            ...rest,
            continuation: {
              page,
              rectY: CONTINUATION_MARGIN,
              rectHeight: Math.max(1, Math.round(size.height - 2 * CONTINUATION_MARGIN)),
            },
          });
        }}
      />
      {next && (
        <Group gap="xs" grow>
          <NumberInput
            label="Rows from (pt)"
            value={next.rectY}
            min={0}
            onChange={setNumber('rectY')}
          />
          <NumberInput
            label="Rows height (pt)"
            value={next.rectHeight}
            min={1}
            onChange={setNumber('rectHeight')}
          />
        </Group>
      )}
    </Stack>
  );
};

/**
 * A table field's columns (label, width share, alignment, format), header row, row font size and
 * where rows continue. Removing or renaming a column after publishing is a breaking change.
 */
export const TableSettings = ({
  table = DEFAULT_TABLE,
  pages,
  onChange,
}: {
  table: TableOptions | undefined;
  pages: readonly PageSize[];
  onChange: (table: TableOptions) => void;
}) => {
  const setColumns = (columns: TableColumn[]) => onChange({ ...table, columns });
  return (
    <Fieldset legend="Columns" variant="filled" data-testid="table-settings">
      <Stack gap="sm">
        {table.columns.map((column, index) => (
          <ColumnRow
            key={index}
            column={column}
            index={index}
            onChange={(next) => setColumns(table.columns.map((c, i) => (i === index ? next : c)))}
            onRemove={
              table.columns.length > 1
                ? () => setColumns(table.columns.filter((_, i) => i !== index))
                : undefined
            }
          />
        ))}
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          w="fit-content"
          onClick={() =>
            setColumns([
              ...table.columns,
              { label: `Column ${table.columns.length + 1}`, widthShare: 1, align: 'left' },
            ])
          }
        >
          Add column
        </Button>
        <Checkbox
          label="Header row (the column labels, on every page)"
          checked={table.headerRow}
          onChange={(e) => onChange({ ...table, headerRow: e.currentTarget.checked })}
        />
        <NumberInput
          label="Row font size"
          description="Rows and header; the field's font size when empty"
          value={table.rowFontSize ?? ''}
          min={6}
          max={24}
          step={0.5}
          onChange={(value) => {
            const rest = withoutKey(table, 'rowFontSize');
            const n = toNumber(value);
            if (value === '') onChange(rest);
            else if (n !== undefined && n >= 6 && n <= 24) onChange({ ...rest, rowFontSize: n });
          }}
        />
        <ContinuationSettings table={table} pages={pages} onChange={onChange} />
      </Stack>
    </Fieldset>
  );
};
