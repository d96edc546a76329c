import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useSendNewEmailCode } from '../hooks/use-send-new-email-code.ts';
import { emailCodeProblem } from '../model/validators.ts';

type VerifyEmailModalProps = { opened: boolean; onClose: () => void };

/** product.md#screens-and-routes Verify Email modal: the mailed code, Verify, and Re-send Code. */
export const VerifyEmailModal = ({ opened, onClose }: VerifyEmailModalProps) => {
  const confirm = useConfirmEmail();
  const resend = useSendNewEmailCode();
  const [code, setCode] = useState('');
  const [isTouched, setTouched] = useState(false);
  const problem = isTouched ? emailCodeProblem(code) : undefined;

  const verify = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailCodeProblem(code) || confirm.isPending) return;
    confirm.mutate(
      { code: code.trim() },
      {
        onSuccess: (answer) => {
          onClose();
          setCode('');
          setTouched(false);
          void showAlertDialog({
            kind: 'success',
            title: 'Email verified!',
            message: answer.message,
          });
        },
        onError: (error) =>
          void showAlertDialog({
            kind: 'error',
            title: 'Confirmation Error',
            message: errorMessage(error),
          }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Verify Email" centered>
      <form onSubmit={verify} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            We sent a 6-character code to your email address. Enter it below.
          </Text>
          <TextInput
            label="Confirmation code"
            placeholder="Enter your code (e.g., ABC123)"
            autoComplete="one-time-code"
            data-autofocus
            value={code}
            error={problem}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setTouched(true);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={resend.send} loading={resend.isPending}>
              Re-send Code
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
