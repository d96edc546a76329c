import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showError } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useLogin } from '../api/login.ts';
import { validateLogin } from '../model/validators.ts';
import { EmailField } from './EmailField.tsx';
import { useCheckedSubmit } from './use-checked-submit.ts';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';

/** product.md#screens-and-routes Login: e-mail and password; Enter submits (it is a form). */
export const LoginForm = () => {
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const { submit, invalid, refs } = useCheckedSubmit({
    values,
    validate: validateLogin,
    isBlocked: login.isPending,
    send: (credentials) =>
      login.mutate(credentials, {
        onSuccess: () => void navigate(paths.admin),
        onError: (error) => showError('Login failed', errorMessage(error)),
      }),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <EmailField
          ref={refs.email}
          value={values.email}
          error={invalid === 'email'}
          onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
        />
        <PasswordField
          ref={refs.password}
          label="Password"
          autoComplete="current-password"
          value={values.password}
          error={invalid === 'password'}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Sign in
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New to Platen?{' '}
          <Anchor component={Link} to={paths.register} fw={500}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
