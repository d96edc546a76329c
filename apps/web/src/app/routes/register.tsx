import { useDocumentTitle } from '@mantine/hooks';
import { AuthFrame } from '../../components/brand/AuthFrame.tsx';
import { RegisterForm } from '../../features/auth/components/RegisterForm.tsx';

export default function RegisterRoute() {
  useDocumentTitle('Create an account · Platen');
  return (
    <AuthFrame title="Create an account" subtitle="Start free: 100 documents a month, no card.">
      <RegisterForm />
    </AuthFrame>
  );
}
