import { PricingPage } from '../../features/billing/components/PricingPage.tsx';

export default function PricingRoute() {
  return <PricingPage />;
}
