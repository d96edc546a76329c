import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useProfile } from '../api/get-profile.ts';
import { useSendNewEmailCode } from '../hooks/use-send-new-email-code.ts';
import { VerifyEmailModal } from './VerifyEmailModal.tsx';

/**
 * Above every admin screen while the account's address is unconfirmed: the dashboard's toast
 * (product.md#screens-and-routes) vanishes after 5 s, and checkout refuses such an account (40012), so this says
 * so for as long as it lasts. It goes once the code is entered (the
 * confirmation refetches the profile).
 */
export const UnconfirmedEmailBanner = () => {
  const profile = useProfile();
  const resend = useSendNewEmailCode();
  const [isVerifyOpen, setVerifyOpen] = useState(false);
  if (profile.data?.emailConfirmed !== false) return null;
  return (
    <>
      <Alert
        color="orange"
        variant="light"
        icon={<IconMailExclamation size={20} aria-hidden />}
        title="Your email address is not confirmed"
        mb="md"
        // Orange words on a light card fall below 4.5:1 (axe): the icon keeps the orange.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        data-testid="unconfirmed-email-banner"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">
            Enter the code we mailed to {profile.data.email}: until then, a plan cannot be bought.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-sm" onClick={() => setVerifyOpen(true)}>
              Enter code
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={resend.send}
              loading={resend.isPending}
            >
              Resend code
            </Button>
          </Group>
        </Group>
      </Alert>
      <VerifyEmailModal opened={isVerifyOpen} onClose={() => setVerifyOpen(false)} />
    </>
  );
};
