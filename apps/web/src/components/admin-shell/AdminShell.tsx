import {
  ActionIcon,
  AppShell,
  Box,
  Drawer,
  Group,
  Skeleton,
  Title,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarRight,
  IconMenu2,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { Logo } from '../brand/Logo.tsx';
import { AdminFooter } from './AdminFooter.tsx';
import { headerTitle } from './header-title.ts';
import { SidebarNav } from './SidebarNav.tsx';
import { SidePanel } from './SidePanel.tsx';
import { useSidebar } from './use-sidebar.ts';
import { UserMenu, type HeaderUser } from './UserMenu.tsx';

const HEADER_HEIGHT_PX = 64;
const NAVBAR_WIDTH_PX = { full: 248, mini: 76 } as const;

type AdminShellProps = {
  user: HeaderUser | undefined;
  onLogout: () => void;
  title?: string;
  children: ReactNode;
};

/** product.md#screens-and-routes "Admin layout": header, sidebar with collapse toggle, side panel and footer. */
export const AdminShell = ({ user, onLogout, title, children }: AdminShellProps) => {
  const { pathname } = useLocation();
  const sidebar = useSidebar();
  const [isPanelOpen, setPanelOpen] = useState(false);
  const scheme = useComputedColorScheme('dark');
  const isOverlay = sidebar.mode === 'overlay';
  const isMini = sidebar.mode === 'mini';
  const pageTitle = headerTitle(pathname, {
    passedTitle: title,
    productName: env.VITE_PRODUCT_NAME,
  });

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT_PX }}
      // In overlay mode the sidebar lives in the drawer only: an off-screen navbar would still
      // take keyboard focus.
      navbar={
        isOverlay
          ? undefined
          : {
              width: isMini ? NAVBAR_WIDTH_PX.mini : NAVBAR_WIDTH_PX.full,
              breakpoint: 0,
            }
      }
      padding={0}
      data-sidebar-mode={sidebar.mode}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Box
              component={Link}
              to={paths.admin}
              aria-label="Platen home"
              visibleFrom="xs"
              style={{ textDecoration: 'none', borderRadius: 8 }}
            >
              <Logo variant={scheme} markOnly={isMini || isOverlay} />
            </Box>
            <Tooltip label={isOverlay ? 'Open menu' : 'Collapse sidebar'}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={sidebar.toggle}
                aria-label="Toggle sidebar"
                aria-expanded={isOverlay ? sidebar.isOpen : sidebar.mode === 'full'}
                aria-controls="admin-sidebar"
                data-testid="sidebar-toggle"
              >
                {isOverlay ? <IconMenu2 size={22} /> : <IconLayoutSidebarLeftCollapse size={22} />}
              </ActionIcon>
            </Tooltip>
            <Title order={1} size="h3" fw={650} lineClamp={1} data-testid="header-title">
              {pageTitle}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label="Quick links">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => setPanelOpen((open) => !open)}
                aria-label="Toggle side panel"
                aria-expanded={isPanelOpen}
                aria-controls="side-panel"
              >
                <IconLayoutSidebarRight size={22} />
              </ActionIcon>
            </Tooltip>
            {user ? (
              <UserMenu user={user} onLogout={onLogout} />
            ) : (
              <Skeleton height={36} width={120} radius="xl" />
            )}
          </Group>
        </Group>
      </AppShell.Header>

      {!isOverlay && (
        <AppShell.Navbar p="sm" id="admin-sidebar" aria-label="Main">
          <SidebarNav isMini={isMini} />
        </AppShell.Navbar>
      )}

      <Drawer
        opened={isOverlay && sidebar.isOpen}
        onClose={sidebar.close}
        size={280}
        id={isOverlay ? 'admin-sidebar' : undefined}
        title={<Logo variant={scheme} />}
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <nav aria-label="Main">
          <SidebarNav isMini={false} onNavigate={sidebar.close} />
        </nav>
      </Drawer>

      {isPanelOpen && <SidePanel id="side-panel" onClose={() => setPanelOpen(false)} />}

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box p={{ base: 'md', sm: 'lg' }} style={{ flex: 1 }}>
          {children}
        </Box>
        <AdminFooter />
      </AppShell.Main>
    </AppShell>
  );
};
