import { Alert, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useProfile } from '../api/get-profile.ts';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { ExportDataCard } from './ExportDataCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { ProfileHeaderCard } from './ProfileHeaderCard.tsx';
import { ProfileUpdateCard } from './ProfileUpdateCard.tsx';
import { VerifyEmailModal } from './VerifyEmailModal.tsx';

const ProfileSkeleton = () => (
  <Stack gap="lg" aria-busy="true" aria-label="Loading profile">
    <Card>
      <Group gap="xl">
        <Skeleton circle height={150} />
        <Stack gap="sm" style={{ flex: 1 }}>
          <Skeleton height={28} width="50%" />
          <Skeleton height={16} width="30%" />
          <Skeleton height={16} width="40%" />
        </Stack>
      </Group>
    </Card>
    <Skeleton height={320} radius="md" />
  </Stack>
);

/**
 * product.md#screens-and-routes Profile: header card, verify section when unconfirmed, profile and password cards; then
 * exporting the account's data and deleting the account.
 */
export const ProfilePage = () => {
  const profile = useProfile();
  const [isVerifyOpen, setVerifyOpen] = useState(false);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <Alert color="red" title="Your profile could not be loaded">
        {profile.error.message}
      </Alert>
    );
  }
  const data = profile.data;
  return (
    <Stack gap="lg">
      <ProfileHeaderCard profile={data} />
      {!data.emailConfirmed && (
        <Card component="section" aria-labelledby="verify-title" data-testid="verify-section">
          <Group justify="space-between" wrap="wrap" gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconMailExclamation size={24} color="var(--mantine-color-orange-6)" aria-hidden />
              <div>
                <Title order={3} size="h4" id="verify-title">
                  Verify your email
                </Title>
                <Text size="sm" c="dimmed">
                  Confirm {data.email} with the code we mailed you.
                </Text>
              </div>
            </Group>
            <Button onClick={() => setVerifyOpen(true)}>Verify email</Button>
          </Group>
        </Card>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileUpdateCard profile={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PasswordCard />
        </Grid.Col>
      </Grid>
      <ExportDataCard />
      <DeleteAccountCard email={data.email} />
      <VerifyEmailModal opened={isVerifyOpen} onClose={() => setVerifyOpen(false)} />
    </Stack>
  );
};
