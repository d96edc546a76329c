import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { usePlans } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { paidPlanEndsAt } from '../model/plan-rules.ts';
import { useSubscribe } from '../hooks/use-subscribe.ts';
import { PlanCard } from './PlanCard.tsx';
import { VoucherCard } from './VoucherCard.tsx';

const PlansSkeleton = () => (
  <SimpleGrid
    cols={{ base: 1, sm: 2, xl: 4 }}
    spacing="lg"
    aria-busy="true"
    aria-label="Loading plans"
  >
    {[0, 1, 2, 3].map((key) => (
      <Card key={key}>
        <Skeleton height={20} width="40%" mb="md" />
        <Skeleton height={36} width="60%" mb="md" />
        <Skeleton height={12} mb={8} />
        <Skeleton height={12} width="80%" mb="lg" />
        {[0, 1, 2, 3, 4].map((line) => (
          <Skeleton key={line} height={12} mb={10} width="70%" />
        ))}
        <Skeleton height={36} mt="md" />
      </Card>
    ))}
  </SimpleGrid>
);

/** product.md#screens-and-routes Pricing: the plans, the current one marked, and the voucher section. */
export const PricingPage = () => {
  const plans = usePlans();
  const subscription = useSubscription();
  const endsAt = subscription.data && paidPlanEndsAt(subscription.data);
  const currentPlanType = plans.data?.find((plan) => plan.active)?.subscriptionType;
  const { subscribe, pendingPlanId } = useSubscribe(currentPlanType);

  return (
    <Stack gap="xl">
      <Stack gap={4} align="center" ta="center" pt="sm">
        <Title order={2} size="h2">
          Simple, scalable pricing.
        </Title>
        <Text c="dimmed">No extra charges. No hidden fees.</Text>
      </Stack>
      {plans.isPending && <PlansSkeleton />}
      {plans.isError && (
        <Alert color="red" title="The plans could not be loaded">
          {plans.error.message}
        </Alert>
      )}
      {plans.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              endsAt={plan.active ? endsAt : undefined}
              onSubscribe={(chosen) => void subscribe(chosen)}
              isPending={pendingPlanId === plan.id}
              isDisabled={pendingPlanId !== undefined && pendingPlanId !== plan.id}
            />
          ))}
        </SimpleGrid>
      )}
      <VoucherCard />
    </Stack>
  );
};
