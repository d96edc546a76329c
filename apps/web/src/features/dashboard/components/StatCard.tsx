import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type StatCardProps = {
  label: string;
  icon: ReactNode;
  color: string;
  /** Where a click on the card goes (SPEC §2 Dashboard); none for a plain card. */
  to?: string;
  value?: ReactNode;
};

/** One dashboard figure. Without a value it shows a calm dash and "No data yet". */
export const StatCard = ({ label, icon, color, to, value }: StatCardProps) => {
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
      <Text fz={32} fw={700} lh={1.2} mt="xs">
        {value ?? '—'}
      </Text>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {value === undefined ? 'No data yet' : ' '}
        </Text>
        {to && <IconChevronRight size={16} aria-hidden />}
      </Group>
    </>
  );
  return to ? (
    <Card component={Link} to={to} aria-label={`${label}: open details`} data-testid="stat-card">
      {body}
    </Card>
  ) : (
    <Card data-testid="stat-card">{body}</Card>
  );
};
