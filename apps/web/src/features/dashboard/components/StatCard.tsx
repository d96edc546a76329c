import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type StatCardProps = {
  label: string;
  icon: ReactNode;
  color: string;
  /** Where a click on the card goes (product.md#screens-and-routes Dashboard); none for a plain card. */
  to?: string;
  /** The figure; undefined while it loads. */
  value?: number;
  /** One quiet line under the figure. */
  hint?: string;
};

/** One dashboard figure; a skeleton stands in while it loads. */
export const StatCard = ({ label, icon, color, to, value, hint }: StatCardProps) => {
  const body = (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      {value === undefined ? (
        <Skeleton height={32} width="40%" mt="xs" mb={6} />
      ) : (
        <Text fz={32} fw={700} lh={1.2} mt="xs" data-testid="stat-value">
          {value.toLocaleString('en-US')}
        </Text>
      )}
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {hint ?? ' '}
        </Text>
        {to && <IconChevronRight size={16} aria-hidden />}
      </Group>
    </>
  );
  const name = value === undefined ? label : `${label}: ${value.toLocaleString('en-US')}`;
  return to ? (
    <Card component={Link} to={to} aria-label={`${name}, open details`} data-testid="stat-card">
      {body}
    </Card>
  ) : (
    <Card data-testid="stat-card" role="group" aria-label={name}>
      {body}
    </Card>
  );
};
