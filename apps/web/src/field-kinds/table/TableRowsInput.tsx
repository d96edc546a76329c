import {
  ActionIcon,
  Button,
  Fieldset,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { numberInputValue, toDateInputValue } from '../../lib/input-values.ts';

/** A column as the rows editor needs it: its label, and the format that decides its input. */
export type RowsColumn = { label: string; format?: { kind: string } | undefined };

type Row = Record<string, unknown>;

/** A cell's input: a number column's a number input, a date column's a date input, else text. */
const CellInput = ({
  label,
  column,
  value,
  onChange,
}: {
  label: string;
  column: RowsColumn;
  value: unknown;
  onChange: (value: unknown) => void;
}) => {
  const common = { 'aria-label': label, size: 'xs' as const };
  if (column.format?.kind === 'number') {
    return (
      <NumberInput
        {...common}
        hideControls
        value={numberInputValue(value)}
        onChange={(v) => onChange(numberInputValue(v))}
      />
    );
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <TextInput
      {...common}
      type={column.format?.kind === 'date' ? 'date' : 'text'}
      value={column.format?.kind === 'date' ? toDateInputValue(value) : text}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
};

/**
 * A table field's rows: one line of inputs per row, a column per table column, with Remove and
 * Add row. A new row starts empty; generate prints an empty cell as nothing.
 */
export const TableRowsInput = ({
  name,
  columns,
  rows,
  onChange,
}: {
  name: string;
  columns: readonly RowsColumn[];
  rows: Row[];
  onChange: (next: Row[]) => void;
}) => {
  const setCell = (index: number, label: string, value: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [label]: value } : row)));
  return (
    <Fieldset legend={name} variant="filled" data-testid={`rows-${name}`}>
      <Stack gap="xs">
        <ScrollArea type="auto">
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.label} fz="xs">
                    {column.label}
                  </Table.Th>
                ))}
                <Table.Th aria-label="Remove" w={32} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={index}>
                  {columns.map((column) => (
                    <Table.Td key={column.label} miw={column.format?.kind === 'date' ? 130 : 80}>
                      <CellInput
                        label={`${name} row ${index + 1} ${column.label}`}
                        column={column}
                        value={row[column.label]}
                        onChange={(value) => setCell(index, column.label, value)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name} row ${index + 1}`}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rows, {}])}
          w="fit-content"
        >
          Add row
        </Button>
      </Stack>
    </Fieldset>
  );
};
