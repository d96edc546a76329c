import { Badge } from '@mantine/core';
import type { SubscriptionStatus } from '@platen/contract';
import { statusColor } from '../model/status-color.ts';

/**
 * The status in its colour (product.md#screens-and-routes). Filled, with the text colour chosen for contrast
 * (`autoContrast`), so it keeps 4.5:1 on the pale and the dark theme alike.
 */
export const StatusBadge = ({
  status,
  size = 'lg',
  testId,
}: {
  status: SubscriptionStatus;
  size?: 'md' | 'lg';
  testId?: string;
}) => {
  const color = statusColor(status);
  return (
    <Badge
      variant="filled"
      // Mantine's red.6 keeps 4.5:1 with neither black nor white text; red.8 does with white.
      color={color === 'red' ? 'red.8' : color}
      autoContrast
      size={size}
      data-testid={testId}
      data-color={color}
    >
      {status}
    </Badge>
  );
};
