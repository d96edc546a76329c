import { Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../api/get-profile.ts';

let hasShown = false;

/**
 * SPEC §2/§8: on the dashboard, an unconfirmed e-mail brings a full-width error toast (5000 ms,
 * no extended time) linking to the profile. Shown once per page load.
 */
export const useEmailNotConfirmedToast = () => {
  const navigate = useNavigate();
  const { data } = useProfile();
  useEffect(() => {
    if (!data || data.emailConfirmed || hasShown) return;
    hasShown = true;
    showToast({
      kind: 'error',
      title: 'Email not confirmed',
      extendedTimeoutMs: 0,
      fullWidth: true,
      message: (
        <Text size="sm">
          Please confirm your email address to use every feature.{' '}
          <Anchor
            c="inherit"
            fw={600}
            underline="always"
            href={paths.profile}
            onClick={(event) => {
              event.preventDefault();
              void navigate(paths.profile);
            }}
          >
            Go to your profile
          </Anchor>
        </Text>
      ),
    });
  }, [data, navigate]);
};
