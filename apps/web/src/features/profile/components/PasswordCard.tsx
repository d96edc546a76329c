import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { showSuccess } from '../../../components/feedback/toast.ts';
import { useFailureToast } from '../../../components/feedback/use-failure-toast.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';
import {
  isPasswordMismatch,
  PASSWORD_MISMATCH_HINT,
  validatePasswordChange,
} from '../model/validators.ts';

const empty = { oldPassword: '', newPassword: '', confirm: '' };

/** product.md#screens-and-routes password card: three show/hide fields, a live mismatch hint, Change password. */
export const PasswordCard = () => {
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const isMismatch = isPasswordMismatch(values.newPassword, values.confirm);
  const problemToast = useFailureToast();
  const set = (field: keyof typeof empty) => (e: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [field]: e.currentTarget.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || isMismatch) return;
    const problem = validatePasswordChange(values);
    if (problem) {
      problemToast.fail(problem.title, problem.message);
      return;
    }
    problemToast.clear();
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: (answer) => {
          setValues(empty);
          showSuccess('Password changed', answer.message);
        },
        onError: (error) =>
          void showAlertDialog({
            kind: 'error',
            title: 'Password Error',
            message: errorMessage(error),
          }),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="password-card-title">
      <Title order={3} size="h4" id="password-card-title">
        Change password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Other devices are signed out when you change it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={set('oldPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            error={isMismatch ? PASSWORD_MISMATCH_HINT : undefined}
          />
          <Button type="submit" loading={change.isPending} disabled={isMismatch} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
};
