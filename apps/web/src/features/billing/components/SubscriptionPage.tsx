import { Alert, Button, Card, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { takeConfirmedCheckout } from '../model/pending-checkout.ts';
import { SubscriptionActions } from './SubscriptionActions.tsx';
import { SubscriptionDetailsCard } from './SubscriptionDetailsCard.tsx';
import { SubscriptionHistoryCard } from './SubscriptionHistoryCard.tsx';
import { UsageCard } from './UsageCard.tsx';

const LoadingCard = () => (
  <Card aria-busy="true" aria-label="Loading subscription" data-testid="subscription-loading">
    <Skeleton height={22} width="30%" mb="lg" />
    {[0, 1, 2, 3, 4, 5].map((row) => (
      <Group key={row} justify="space-between" mb="md">
        <Skeleton height={14} width="25%" />
        <Skeleton height={14} width="35%" />
      </Group>
    ))}
  </Card>
);

/** product.md#screens-and-routes My Subscription: a loading card, then Go Back, the details, usage and actions. */
export const SubscriptionPage = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const subscription = useSubscription();
  // Opened directly (after checkout, or a bookmark) there is no in-app page to go back to.
  const goBack = () => void (location.key === 'default' ? navigate(paths.admin) : navigate(-1));
  const planType = subscription.data?.subscriptionPlan.subscriptionType;
  // Back from the provider's checkout: the payment is confirmed once the plan shows here.
  useEffect(() => {
    const bought = planType && takeConfirmedCheckout(planType);
    if (bought) {
      showToast({
        kind: 'success',
        title: 'Payment received',
        message: `You are now on ${bought}.`,
      });
    }
  }, [planType]);

  if (subscription.isPending) return <LoadingCard />;
  return (
    <Stack gap="lg">
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={goBack}>
          Go Back
        </Button>
      </Group>
      {subscription.isError ? (
        <Alert color="red" title="Your subscription could not be loaded">
          {subscription.error.message}
        </Alert>
      ) : (
        <>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SubscriptionDetailsCard subscription={subscription.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <UsageCard subscription={subscription.data} />
            </Grid.Col>
          </Grid>
          <SubscriptionActions subscription={subscription.data} />
          <SubscriptionHistoryCard />
        </>
      )}
    </Stack>
  );
};
