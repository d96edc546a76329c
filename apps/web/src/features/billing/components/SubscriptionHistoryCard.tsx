import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSubscriptionHistory } from '../api/get-subscription-history.ts';
import { formatMediumDate } from '../model/billing-format.ts';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * Vouchers and plans that have ended, in red as EXPIRED (the live subscription above is FREE
 * again). A list rather than a table, so it fits a phone without a scrolled region. Nothing is
 * shown until there is one.
 */
export const SubscriptionHistoryCard = () => {
  const history = useSubscriptionHistory();
  if (!history.data?.length) return null;
  return (
    <Card component="section" aria-labelledby="subscription-history-title">
      <Title order={3} size="h4" id="subscription-history-title" mb="xs">
        Previous subscriptions
      </Title>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {history.data.map((ended) => (
          <Group
            component="li"
            key={ended.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={10}
            data-testid="ended-subscription"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <div>
              <Text size="sm" fw={600} data-testid="ended-plan">
                {ended.subscriptionType}
                {ended.voucher && (
                  <Text component="span" size="sm" c="dimmed" fw={400}>
                    {' · Voucher'}
                  </Text>
                )}
              </Text>
              <Text size="sm" c="dimmed" data-testid="ended-period">
                {`${formatMediumDate(ended.startTime)} - ${formatMediumDate(ended.endTime)}`}
              </Text>
            </div>
            <StatusBadge status={ended.status} size="md" />
          </Group>
        ))}
      </Stack>
    </Card>
  );
};
