import { IconCreditCard } from '@tabler/icons-react';
import { PlaceholderFrame } from '../../components/feedback/PlaceholderFrame.tsx';

export default function PricingRoute() {
  return (
    <PlaceholderFrame
      heading="Subscriptions"
      description="Plans and vouchers"
      icon={<IconCreditCard size={26} />}
      emptyTitle="Plans are on their way"
      emptyDescription="Subscription plans and voucher redemption will appear here."
    />
  );
}
