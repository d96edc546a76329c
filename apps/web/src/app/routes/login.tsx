import { useDocumentTitle } from '@mantine/hooks';
import { AuthFrame } from '../../components/brand/AuthFrame.tsx';
import { LoginForm } from '../../features/auth/components/LoginForm.tsx';

export default function LoginRoute() {
  useDocumentTitle('Sign in · Platen');
  return (
    <AuthFrame title="Sign in" subtitle="Welcome back. Sign in to manage your templates.">
      <LoginForm />
    </AuthFrame>
  );
}
