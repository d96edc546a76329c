import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { AdminShell } from '../../components/admin-shell/AdminShell.tsx';
import { pictureSource } from '../../components/admin-shell/initials-picture.ts';
import { paths } from '../../config/paths.ts';
import { signOut } from '../../features/auth/api/logout.ts';
import { usePicture } from '../../features/profile/api/get-picture.ts';
import { UnconfirmedEmailBanner } from '../../features/profile/components/UnconfirmedEmailBanner.tsx';
import { findSessionUser } from '../../lib/session.ts';

/** The admin area: the shell with the header's user, around the current screen. */
export default function AdminLayoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const picture = usePicture();
  // Until the picture arrives, the token's name and the initials picture stand in.
  const header = picture.data ?? {
    profilePic: '',
    ...(findSessionUser() ?? { firstName: '', lastName: '' }),
  };
  const name = `${header.firstName} ${header.lastName}`.trim();
  const user = name ? { name, pictureSrc: pictureSource(header) } : undefined;

  const logout = async () => {
    await signOut();
    queryClient.clear();
    await navigate(paths.login, { replace: true });
  };

  return (
    <AdminShell user={user} onLogout={() => void logout()}>
      <UnconfirmedEmailBanner />
      <Outlet />
    </AdminShell>
  );
}
