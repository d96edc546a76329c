import { TemplatesPage } from '../../features/templates/components/TemplatesPage.tsx';

export default function TemplatesRoute() {
  return <TemplatesPage />;
}
