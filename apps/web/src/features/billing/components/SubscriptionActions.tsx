import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SubscriptionResponse } from '@platen/contract';
import { IconCreditCard, IconTicketOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showApiError } from '../../../components/feedback/show-api-error.ts';
import { paths } from '../../../config/paths.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useBillingPortal } from '../hooks/use-billing-portal.ts';
import { isPaidPlan } from '../model/plan-rules.ts';

/**
 * product.md#screens-and-routes: 'Go to Billing Portal' on a paid plan without a voucher; a red 'Cancel Voucher
 * subscription' with the product.md#errors confirmation when a voucher is applied.
 */
export const SubscriptionActions = ({ subscription }: { subscription: SubscriptionResponse }) => {
  const navigate = useNavigate();
  const portal = useBillingPortal();
  const cancel = useCancelSubscription();
  const planType = subscription.subscriptionPlan.subscriptionType;

  const cancelVoucher = async () => {
    try {
      await cancel.mutateAsync(subscription);
    } catch (error) {
      showApiError(error);
      return;
    }
    await showAlertDialog({
      kind: 'success',
      title: 'Deleted!',
      message: 'The subscription has been canceled.',
    });
    await navigate(paths.pricing);
  };

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Are you sure?',
      centered: true,
      children: (
        <Text size="sm">
          Your {planType} plan ends now and your account returns to the FREE plan. You won&apos;t be
          able to revert this!
        </Text>
      ),
      labels: { confirm: 'Yes, cancel it!', cancel: 'No, keep it' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => void cancelVoucher(),
    });

  const showPortal = isPaidPlan(planType) && !subscription.voucher;
  if (!showPortal && !subscription.voucher) return null;
  return (
    <Group gap="sm">
      {showPortal && (
        <Button
          leftSection={<IconCreditCard size={18} />}
          loading={portal.isLeaving}
          onClick={() => void portal.open(subscription)}
        >
          Go to Billing Portal
        </Button>
      )}
      {subscription.voucher && (
        <Button
          // red.8: white text on Mantine's default red is under 4.5:1.
          color="red.8"
          leftSection={<IconTicketOff size={18} />}
          loading={cancel.isPending}
          onClick={confirmCancel}
        >
          Cancel Voucher subscription
        </Button>
      )}
    </Group>
  );
};
