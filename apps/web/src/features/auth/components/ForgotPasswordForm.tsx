import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { validateForgotPassword } from '../model/validators.ts';
import { EmailField } from './EmailField.tsx';
import { useCheckedSubmit } from './use-checked-submit.ts';

const RESET_DIALOG_MESSAGE =
  'If an account with that email exists, you will receive a password reset link shortly.';

/** product.md#screens-and-routes Forgot password; success and failure both answer with the same dialog (product.md#errors). */
export const ForgotPasswordForm = () => {
  const navigate = useNavigate();
  const resetRequest = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const answer = async () => {
    await showAlertDialog({
      kind: 'info',
      title: 'Reset password!',
      message: RESET_DIALOG_MESSAGE,
    });
    await navigate(paths.login);
  };

  const { submit, invalid, refs } = useCheckedSubmit({
    values: { email },
    validate: validateForgotPassword,
    isBlocked: resetRequest.isPending,
    send: (request) => resetRequest.mutate(request, { onSettled: () => void answer() }),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Request a password reset">
      <Stack gap="md">
        <EmailField
          ref={refs.email}
          value={email}
          error={invalid === 'email'}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" fullWidth size="md" loading={resetRequest.isPending}>
          Send reset link
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Remembered it?{' '}
          <Anchor component={Link} to={paths.login} fw={500}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
