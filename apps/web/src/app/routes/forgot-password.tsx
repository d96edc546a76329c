import { useDocumentTitle } from '@mantine/hooks';
import { AuthFrame } from '../../components/brand/AuthFrame.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm.tsx';

export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password · Platen');
  return (
    <AuthFrame
      title="Forgot password"
      subtitle="Enter your email and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
