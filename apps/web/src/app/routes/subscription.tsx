import { IconReceipt } from '@tabler/icons-react';
import { PlaceholderFrame } from '../../components/feedback/PlaceholderFrame.tsx';

export default function SubscriptionRoute() {
  return (
    <PlaceholderFrame
      heading="My Subscription"
      description="Your plan, usage and API key"
      icon={<IconReceipt size={26} />}
      emptyTitle="No subscription details yet"
      emptyDescription="Your plan, its usage this month and your API key will appear here."
    />
  );
}
