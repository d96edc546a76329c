import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';

type PlaceholderFrameProps = {
  heading: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyDescription: string;
};

/** The frame of a screen whose content is not built yet: its heading and a calm empty state. */
export const PlaceholderFrame = (props: PlaceholderFrameProps) => (
  <Stack gap="lg">
    <div>
      <Title order={2} size="h3">
        {props.heading}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {props.description}
      </Text>
    </div>
    <Card>
      <EmptyState icon={props.icon} title={props.emptyTitle} description={props.emptyDescription} />
    </Card>
  </Stack>
);
