import { Badge } from '@mantine/core';
import type { SubscriptionStatus } from '@platen/contract';
import { statusColor } from '../model/status-color.ts';

/**
 * The status in its colour (SPEC §2). Filled, with the text colour chosen for contrast
 * (`autoContrast`), so it keeps 4.5:1 on the pale and the dark theme alike.
 */
export const StatusBadge = ({ status }: { status: SubscriptionStatus }) => {
  const color = statusColor(status);
  return (
    <Badge
      variant="filled"
      color={color}
      autoContrast
      size="lg"
      data-testid="subscription-status"
      data-color={color}
    >
      {status}
    </Badge>
  );
};
