import { NotFound } from '../../components/feedback/NotFound.tsx';

export default function AdminNotFoundRoute() {
  return <NotFound order={2} />;
}
