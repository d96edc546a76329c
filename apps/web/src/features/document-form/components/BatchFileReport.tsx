import { List, Stack, Table, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { hasErrors, type BatchCheck } from '../model/batch-check.ts';

/**
 * What the check of a batch file found, before anything is sent: the file's own problems, then
 * each wrong cell with its row as in the file (the first 50, and how many more), or the number of
 * documents the file makes.
 */
export const BatchFileReport = ({ check }: { check: BatchCheck }) => {
  if (!hasErrors(check)) {
    const count = check.items.length;
    return (
      <Stack gap={4} data-testid="batch-ready">
        <Text size="sm" fw={500}>
          {`${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} checked: ready to start.`}
        </Text>
        {check.missingColumns.length > 0 && (
          <Text size="sm" c="dimmed">
            {`No column for ${check.missingColumns.map((label) => `"${label}"`).join(', ')}: left empty in every document.`}
          </Text>
        )}
      </Stack>
    );
  }
  const more = check.rowErrorCount - check.rowErrors.length;
  return (
    <ErrorAlert title="The file cannot be sent as it is" data-testid="batch-errors">
      <Stack gap="xs">
        {check.fileErrors.length > 0 && (
          <List size="sm" spacing={4}>
            {check.fileErrors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        )}
        {check.rowErrorCount > 0 && (
          <>
            <Text size="sm">
              {`${check.rowErrorCount.toLocaleString('en-US')} ${check.rowErrorCount === 1 ? 'value needs' : 'values need'} fixing in the file:`}
            </Text>
            <Table.ScrollContainer minWidth={300} type="native" mah={320}>
              <Table
                withTableBorder
                verticalSpacing={4}
                fz="sm"
                aria-label="Values to fix"
                data-testid="row-errors"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Row</Table.Th>
                    <Table.Th scope="col">Column</Table.Th>
                    <Table.Th scope="col">Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {check.rowErrors.map((error, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{error.row}</Table.Td>
                      <Table.Td>{error.column ?? '—'}</Table.Td>
                      <Table.Td>{error.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {more > 0 && (
              <Text size="sm" data-testid="more-row-errors">
                {`…and ${more.toLocaleString('en-US')} more.`}
              </Text>
            )}
          </>
        )}
      </Stack>
    </ErrorAlert>
  );
};
