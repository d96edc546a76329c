import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value, on one line where there is room (a description list row). */
export const DetailRow = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group
    component="div"
    justify="space-between"
    gap="xs"
    py={10}
    wrap="wrap"
    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
  >
    <Text component="dt" size="sm" c="dimmed">
      {label}
    </Text>
    <Text component="dd" size="sm" fw={600} m={0} ta="right" data-testid={`detail-${label}`}>
      {children}
    </Text>
  </Group>
);

export const DetailList = ({ children }: { children: ReactNode }) => (
  <dl style={{ margin: 0 }}>{children}</dl>
);
