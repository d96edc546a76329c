import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showError } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useRegister } from '../api/register.ts';
import { registerProblems, validateRegister } from '../model/validators.ts';
import { EmailField } from './EmailField.tsx';
import { useCheckedSubmit } from './use-checked-submit.ts';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';

type Field = 'firstName' | 'lastName' | 'email' | 'password';

/** product.md#screens-and-routes Register: names, e-mail, password; the button spins and is disabled while sending. */
export const RegisterForm = () => {
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const { submit, invalid, messages, clearMessage, refs } = useCheckedSubmit({
    values,
    validate: validateRegister,
    validateAll: registerProblems,
    isBlocked: register.isPending,
    send: (account) =>
      register.mutate(account, {
        onSuccess: () => void navigate(paths.admin),
        onError: (error) => showError('Registration failed', errorMessage(error)),
      }),
  });

  const set = (field: Field) => (e: { currentTarget: HTMLInputElement }) => {
    setValues({ ...values, [field]: e.currentTarget.value });
    clearMessage(field);
  };
  // The message under the input, or red alone for the field the toast names.
  const errorOf = (field: Field) => messages[field] ?? invalid === field;

  return (
    <form onSubmit={submit} noValidate aria-label="Create an account">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            ref={refs.firstName}
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            error={errorOf('firstName')}
            onChange={set('firstName')}
          />
          <TextInput
            ref={refs.lastName}
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            error={errorOf('lastName')}
            onChange={set('lastName')}
          />
        </SimpleGrid>
        <EmailField
          ref={refs.email}
          value={values.email}
          error={errorOf('email')}
          onChange={set('email')}
        />
        <PasswordField
          ref={refs.password}
          label="Password"
          autoComplete="new-password"
          description="At least 6 characters"
          value={values.password}
          error={errorOf('password')}
          onChange={set('password')}
        />
        <Button type="submit" fullWidth size="md" loading={register.isPending}>
          Create account
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={500}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
