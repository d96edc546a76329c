import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  /** Heading level inside its page, so headings stay in order. */
  order?: 2 | 3 | 4;
  children?: ReactNode;
};

/** The one presentation of "nothing here yet" on every screen. */
export const EmptyState = ({ icon, title, description, order = 3, children }: EmptyStateProps) => (
  <Stack align="center" gap="xs" py="xl" ta="center">
    <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
      {icon}
    </ThemeIcon>
    <Title order={order} size="h4">
      {title}
    </Title>
    {description && (
      <Text c="dimmed" size="sm" maw={420}>
        {description}
      </Text>
    )}
    {children}
  </Stack>
);
