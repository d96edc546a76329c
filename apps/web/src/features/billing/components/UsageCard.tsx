import { Card, Progress, Title } from '@mantine/core';
import type { SubscriptionResponse } from '@platen/contract';
import {
  formatCount,
  formatEuros,
  formatShortDate,
  remainingDocuments,
} from '../model/billing-format.ts';
import { DetailList, DetailRow } from './DetailList.tsx';

/**
 * product.md#screens-and-routes Usage. Overage charges are the server's `overageCharges` (product.md#states-and-transitions: documents beyond
 * the limit only), shown only on plans that allow overage.
 */
export const UsageCard = ({ subscription: s }: { subscription: SubscriptionResponse }) => {
  const used = s.pdfsGeneratedThisMonth;
  const percent = s.monthlyLimit > 0 ? Math.min(100, (used / s.monthlyLimit) * 100) : 100;
  return (
    <Card component="section" aria-labelledby="usage-title" h="100%">
      <Title order={3} size="h4" id="usage-title" mb="sm">
        Usage
      </Title>
      <Progress
        value={percent}
        color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'brand'}
        size="md"
        radius="xl"
        mb="xs"
        aria-label={`${formatCount(used)} of ${formatCount(s.monthlyLimit)} documents used this month`}
      />
      <DetailList>
        <DetailRow label="PDFs This Month">
          {`${formatCount(used)} / ${formatCount(s.monthlyLimit)}`}
        </DetailRow>
        <DetailRow label="Remaining">
          {formatCount(remainingDocuments({ monthlyLimit: s.monthlyLimit, used }))}
        </DetailRow>
        <DetailRow label="Billing Cycle">
          {`${formatShortDate(s.billingCycleStart)} - ${formatShortDate(s.billingCycleEnd)}`}
        </DetailRow>
        {s.allowOverCharge && (
          <DetailRow label="Overage Charges">{formatEuros(s.overageCharges)}</DetailRow>
        )}
      </DetailList>
    </Card>
  );
};
