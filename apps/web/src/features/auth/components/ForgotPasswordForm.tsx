import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showError } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { validateForgotPassword } from '../model/validators.ts';

const RESET_DIALOG_MESSAGE =
  'If an account with that email exists, you will receive a password reset link shortly.';

/** SPEC §2 Forgot password; success and failure both answer with the same dialog (§8). */
export const ForgotPasswordForm = () => {
  const navigate = useNavigate();
  const resetRequest = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const answer = async () => {
    await showAlertDialog({
      kind: 'info',
      title: 'Reset password!',
      message: RESET_DIALOG_MESSAGE,
    });
    await navigate(paths.login);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resetRequest.isPending) return;
    const problem = validateForgotPassword({ email });
    setInvalid(Boolean(problem));
    if (problem) {
      showError(problem.title, problem.message);
      emailRef.current?.focus();
      return;
    }
    resetRequest.mutate({ email }, { onSettled: () => void answer() });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request a password reset">
      <Stack gap="md">
        <TextInput
          ref={emailRef}
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={18} aria-hidden />}
          value={email}
          error={isInvalid}
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
