import { Badge } from '@mantine/core';
import type { JobStatus } from '@platen/contract';
import { statusColor, statusLabel } from './job-status.ts';

/** A job's status in its colour; filled with a contrasting text colour in both themes. */
export const JobStatusBadge = ({ status }: { status: JobStatus }) => {
  const color = statusColor(status);
  return (
    <Badge
      variant="filled"
      // Mantine's red.6 keeps 4.5:1 with neither black nor white text; red.8 does with white.
      color={color === 'red' ? 'red.8' : color}
      autoContrast
      // In a narrow table column the status stays whole rather than ending in an ellipsis.
      miw="max-content"
      data-testid="job-status"
      data-status={status}
    >
      {statusLabel(status)}
    </Badge>
  );
};
