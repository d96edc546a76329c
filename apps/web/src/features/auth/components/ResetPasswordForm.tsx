import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { messages } from '@platen/contract';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSubmitPasswordReset } from '../api/submit-password-reset.ts';
import { validateResetPassword } from '../model/validators.ts';
import { useCheckedSubmit } from './use-checked-submit.ts';

/**
 * product.md#screens-and-routes Reset password: the mailed code in a read-only field, the new password twice. Success
 * stores the new tokens and goes to /admin (product.md#states-and-transitions).
 */
export const ResetPasswordForm = () => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const reset = useSubmitPasswordReset();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const { submit, invalid, refs } = useCheckedSubmit({
    values,
    validate: validateResetPassword,
    isBlocked: reset.isPending || !code,
    send: ({ password }) =>
      reset.mutate(
        { password, confirmLink: code },
        {
          onSuccess: () => void navigate(paths.admin),
          onError: (error) =>
            void showAlertDialog({
              kind: 'error',
              title: 'Request Error',
              message: errorMessage(error, 'An error occurred while changing your password.'),
            }),
        },
      ),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Set a new password">
      <Stack gap="md">
        {!code && (
          <Alert color="red" variant="light" title="Missing code">
            {messages.missingResetCode}
          </Alert>
        )}
        <TextInput
          label="Confirmation code"
          value={code}
          readOnly
          data-testid="confirmation-code"
          leftSection={<IconKey size={18} aria-hidden />}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <PasswordField
          ref={refs.password}
          label="New password"
          autoComplete="new-password"
          value={values.password}
          error={invalid === 'password'}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        />
        <PasswordField
          ref={refs.confirm}
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirm}
          error={invalid === 'confirm'}
          onChange={(e) => setValues({ ...values, confirm: e.currentTarget.value })}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending} disabled={!code}>
          Change password
        </Button>
        <Anchor component={Link} to={paths.login} ta="center" size="sm" fw={500}>
          Go back to Login page
        </Anchor>
      </Stack>
    </form>
  );
};
