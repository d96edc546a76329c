import { Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';

let hasShown = false;

/**
 * product.md#screens-and-routes, product.md#errors: on the dashboard, an unconfirmed e-mail brings a full-width error toast (5000 ms,
 * no extended time) linking to the profile. Shown once per page load. The flag comes with the
 * dashboard's own figures, so no profile call is made for it.
 */
export const useEmailNotConfirmedToast = (emailConfirmed: boolean | undefined) => {
  const navigate = useNavigate();
  useEffect(() => {
    if (emailConfirmed !== false || hasShown) return;
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
  }, [emailConfirmed, navigate]);
};
