import { DashboardFrame } from '../../features/dashboard/components/DashboardFrame.tsx';
import { useEmailNotConfirmedToast } from '../../features/profile/hooks/use-email-not-confirmed-toast.tsx';

export default function DashboardRoute() {
  useEmailNotConfirmedToast();
  return <DashboardFrame />;
}
