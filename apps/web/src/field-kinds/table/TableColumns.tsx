import type { TableColumn, TableOptions } from '@platen/contract';

/** Where a table's columns meet, as percentages of its width from the left. */
const columnEdges = (columns: readonly TableColumn[]): number[] => {
  const total = columns.reduce((sum, column) => sum + column.widthShare, 0);
  let at = 0;
  return columns.slice(0, -1).map((column) => (at += (column.widthShare / total) * 100));
};

/**
 * A table's columns drawn in its box in the editor, in the box's colour (`--box-color`): a line
 * where two meet, its header row's labels on top.
 */
export const TableColumns = ({
  table,
  labelPx,
}: {
  table: TableOptions | undefined;
  labelPx: number;
}) => {
  const columns = table?.columns ?? [];
  const edges = columnEdges(columns);
  const starts = [0, ...edges];
  return (
    <div
      aria-hidden
      data-testid="table-columns"
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
    >
      {edges.map((edge) => (
        <span
          key={edge}
          data-testid="table-column-edge"
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${edge}%`,
            borderLeft: '1px dashed var(--box-color)',
          }}
        />
      ))}
      {table?.headerRow &&
        columns.map((column, i) => (
          <span
            key={i}
            style={{
              position: 'absolute',
              top: 0,
              left: `${starts[i]}%`,
              width: `${(edges[i] ?? 100) - starts[i]!}%`,
              fontSize: Math.max(8, labelPx * 0.7),
              textAlign: column.align,
              padding: '0 2px',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              borderBottom: '1px solid var(--box-color)',
            }}
          >
            {column.label}
          </span>
        ))}
    </div>
  );
};
