import { Badge, useComputedColorScheme } from '@mantine/core';
import type { SubscriptionStatus } from '@platen/contract';
import { statusColor } from '../model/status-color.ts';

/**
 * The status in its colour (SPEC §2). Light-variant text in the colour's darkest shade on light
 * backgrounds and a pale shade on dark ones, so it keeps 4.5:1 contrast in both themes.
 */
export const StatusBadge = ({ status }: { status: SubscriptionStatus }) => {
  const scheme = useComputedColorScheme('light');
  const color = statusColor(status);
  return (
    <Badge
      variant="light"
      color={color}
      c={scheme === 'dark' ? `${color}.3` : `${color}.9`}
      size="lg"
      data-testid="subscription-status"
      data-color={color}
    >
      {status}
    </Badge>
  );
};
