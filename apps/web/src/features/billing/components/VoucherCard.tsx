import { Button, Card, Group, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { billingMessages } from '@platen/contract';
import { IconTicket } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showToast } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useRedeemVoucher } from '../api/redeem-voucher.ts';

/** product.md#screens-and-routes, product.md#validation, product.md#errors: a voucher code instead of a subscription; success leads to My Subscription. */
export const VoucherCard = () => {
  const navigate = useNavigate();
  const redeem = useRedeemVoucher();
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    if (!code.trim()) {
      showToast({ kind: 'error', title: 'Error', message: billingMessages.emptyVoucher });
      return;
    }
    try {
      await redeem.mutateAsync({ code });
    } catch (error) {
      await showAlertDialog({
        kind: 'error',
        title: 'Voucher error',
        message: errorMessage(error),
      });
      return;
    }
    setCode('');
    await showAlertDialog({
      kind: 'success',
      title: 'Successful confirmation!',
      message: 'Subscription verified successfully.',
    });
    await navigate(paths.subscription);
  };

  return (
    <Card component="section" aria-labelledby="voucher-title">
      <Group gap="md" align="flex-start" wrap="nowrap" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconTicket size={24} />
        </ThemeIcon>
        <div>
          <Title order={3} size="h4" id="voucher-title">
            Don&apos;t need a subscription.
          </Title>
          <Text c="dimmed" size="sm">
            Have a voucher ?
          </Text>
        </div>
      </Group>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Code"
            placeholder="e.g. PLT-7KQX-9M2A-RT4W-H8NC"
            withAsterisk
            aria-required
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maw={420}
          />
          <Button type="submit" loading={redeem.isPending} miw={120}>
            Verify
          </Button>
        </Group>
      </form>
    </Card>
  );
};
