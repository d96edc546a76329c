import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ProfileResponse } from '@platen/contract';
import { IconMail } from '@tabler/icons-react';
import { pictureSource } from '../../../components/admin-shell/initials-picture.ts';

/** product.md#screens-and-routes Profile header: the picture as a 150 px circle, full name, title and e-mail. */
export const ProfileHeaderCard = ({ profile }: { profile: ProfileResponse }) => (
  <Card>
    <Group gap="xl" wrap="wrap" justify="center">
      <Avatar
        src={pictureSource(profile)}
        alt={`Picture of ${profile.firstName} ${profile.lastName}`}
        size={150}
        radius={150}
        style={{ border: '4px solid var(--app-border)' }}
        data-testid="profile-picture"
      />
      <Stack gap={6} style={{ flex: '1 1 240px' }} miw={0}>
        <Title order={2} size="h2">
          {profile.firstName} {profile.lastName}
        </Title>
        <Text c="dimmed" fw={500}>
          {profile.title || 'No title yet'}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <Text size="sm" truncate>
            {profile.email}
          </Text>
        </Group>
      </Stack>
    </Group>
  </Card>
);
