import { ProfilePage } from '../../features/profile/components/ProfilePage.tsx';

export default function ProfileRoute() {
  return <ProfilePage />;
}
