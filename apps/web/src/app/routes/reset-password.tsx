import { useDocumentTitle } from '@mantine/hooks';
import { AuthFrame } from '../../components/brand/AuthFrame.tsx';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm.tsx';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset password · Platen');
  return (
    <AuthFrame title="Reset password" subtitle="Choose a new password for your account.">
      <ResetPasswordForm />
    </AuthFrame>
  );
}
