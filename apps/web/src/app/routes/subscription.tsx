import { SubscriptionPage } from '../../features/billing/components/SubscriptionPage.tsx';

export default function SubscriptionRoute() {
  return <SubscriptionPage />;
}
