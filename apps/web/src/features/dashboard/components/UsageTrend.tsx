import { Group, Text, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import type { DashboardResponse } from '@platen/contract';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';

/** product.md#screens-and-routes: this month against the last, in percent with an up or down arrow. */
export const UsageTrend = ({ data }: { data: DashboardResponse }) => {
  const Arrow = data.up ? IconArrowUpRight : IconArrowDownRight;
  const shade = useComputedColorScheme('dark') === 'dark' ? 4 : 9;
  const color = `${data.up ? 'teal' : 'red'}.${shade}`;
  return (
    <Group gap={6} mt={4} wrap="wrap" data-testid="usage-trend" data-up={data.up}>
      <Group gap={2} wrap="nowrap" c={color}>
        <Arrow size={16} aria-hidden />
        <VisuallyHidden>{data.up ? 'Up' : 'Down'}</VisuallyHidden>
        <Text size="sm" fw={700} c="inherit" data-testid="usage-percentage">
          {`${data.percentage}%`}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" data-testid="last-months">
        {`from last months: ${data.lastMonthGenerated.toLocaleString('en-US')}`}
      </Text>
    </Group>
  );
};
