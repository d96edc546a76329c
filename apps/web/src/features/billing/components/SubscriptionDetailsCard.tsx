import { Card, Title } from '@mantine/core';
import type { SubscriptionResponse } from '@platen/contract';
import { formatMediumDate } from '../model/billing-format.ts';
import { ApiKeyField } from './ApiKeyField.tsx';
import { DetailList, DetailRow } from './DetailList.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** product.md#screens-and-routes My Subscription: plan, status, dates, renewal, voucher and API key. */
export const SubscriptionDetailsCard = ({
  subscription: s,
}: {
  subscription: SubscriptionResponse;
}) => (
  <Card component="section" aria-labelledby="subscription-details-title" h="100%">
    <Title order={3} size="h4" id="subscription-details-title" mb="xs">
      Subscription
    </Title>
    <DetailList>
      <DetailRow label="Plan">{s.subscriptionPlan.subscriptionType || '—'}</DetailRow>
      <DetailRow label="Status">
        <StatusBadge status={s.status} testId="subscription-status" />
      </DetailRow>
      <DetailRow label="Start Date">{formatMediumDate(s.billingCycleStart)}</DetailRow>
      <DetailRow label="End Date">{formatMediumDate(s.endTime)}</DetailRow>
      <DetailRow label="Auto-Renewal">{s.autoRenewal ? 'Yes' : 'No'}</DetailRow>
      <DetailRow label="Voucher">{s.voucher ? 'Applied' : '—'}</DetailRow>
      <DetailRow label="API Key">
        <ApiKeyField apiKey={s.apiKey} />
      </DetailRow>
    </DetailList>
  </Card>
);
