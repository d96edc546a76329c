import { Button, Card, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { showSuccess } from '../../../components/feedback/toast.ts';
import { useFailureToast } from '../../../components/feedback/use-failure-toast.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { clearTokens } from '../../../lib/session.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

const isSameEmail = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.toLowerCase();

/**
 * Deleting the account: what will happen, then the password and the e-mail typed out, so it
 * cannot happen by a slip. Afterwards the tokens are forgotten and the sign-in page shown.
 */
export const DeleteAccountCard = ({ email }: { email: string }) => {
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typedEmail, setTypedEmail] = useState('');
  const failure = useFailureToast();
  const isConfirmed = password.length > 0 && isSameEmail(typedEmail, email);

  const close = () => {
    setOpen(false);
    setPassword('');
    setTypedEmail('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isConfirmed || remove.isPending) return;
    remove.mutate(
      { password },
      {
        onSuccess: (answer) => {
          failure.clear();
          clearTokens();
          queryClient.clear();
          showSuccess('Account deleted', answer.message);
          void navigate(paths.login, { replace: true });
        },
        onError: (error) => failure.fail('Account not deleted', errorMessage(error)),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="delete-account-title" withBorder>
      <Group justify="space-between" wrap="wrap" gap="md">
        <div>
          <Title order={3} size="h4" id="delete-account-title">
            Delete account
          </Title>
          <Text size="sm" c="dimmed">
            Removes your templates, API key and sessions for good.
          </Text>
        </div>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </Group>
      <Modal opened={isOpen} onClose={close} title="Delete your account?" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">This cannot be undone. Deleting your account:</Text>
            <List size="sm" spacing={4}>
              <List.Item>deletes every template, with its PDF, fields and stamps;</List.Item>
              <List.Item>stops your API key and signs you out on every device at once;</List.Item>
              <List.Item>
                cancels a paid plan at once, without a refund of the current period;
              </List.Item>
              <List.Item>frees your e-mail address, so you can register again later.</List.Item>
            </List>
            <Text size="sm" c="dimmed">
              Invoices stay with the payment provider, as the law requires.
            </Text>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <TextInput
              label={`Type ${email} to confirm`}
              autoComplete="off"
              value={typedEmail}
              onChange={(e) => setTypedEmail(e.currentTarget.value)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Keep my account
              </Button>
              <Button type="submit" color="red" disabled={!isConfirmed} loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
};
