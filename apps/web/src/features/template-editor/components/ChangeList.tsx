import { Badge, Group, List, Text, ThemeIcon } from '@mantine/core';
import type { FieldChange } from '@platen/contract';
import { IconAlertTriangle, IconPoint } from '@tabler/icons-react';
import { breakingFirst, describeChange } from '../model/version-changes.ts';

/** Field changes, breaking ones first, each marked and explained. */
export const ChangeList = ({ changes }: { changes: readonly FieldChange[] }) => (
  <List spacing={6} size="sm" center data-testid="change-list">
    {breakingFirst(changes).map((change, index) => {
      const { text, impact } = describeChange(change);
      return (
        <List.Item
          key={`${change.kind}-${change.label}-${index}`}
          data-breaking={change.breaking}
          icon={
            change.breaking ? (
              <ThemeIcon color="red.8" size={20} radius="xl">
                <IconAlertTriangle size={12} aria-hidden />
              </ThemeIcon>
            ) : (
              <ThemeIcon color="gray" variant="light" size={20} radius="xl">
                <IconPoint size={12} aria-hidden />
              </ThemeIcon>
            )
          }
        >
          <Group gap={6} wrap="wrap">
            <Text size="sm">{text}</Text>
            {change.breaking && (
              <Badge color="red.8" size="xs" radius="sm" variant="filled">
                Breaking
              </Badge>
            )}
          </Group>
          {impact && (
            <Text size="xs" c="dimmed">
              {impact}
            </Text>
          )}
        </List.Item>
      );
    })}
  </List>
);
