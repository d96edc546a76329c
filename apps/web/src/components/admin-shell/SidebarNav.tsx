import { NavLink as MantineNavLink, Stack, Tooltip } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { navItems } from './nav-items.ts';

type SidebarNavProps = {
  isMini: boolean;
  onNavigate?: () => void;
};

const isActive = (pathname: string, to: string, isExact: boolean) =>
  isExact ? pathname === to || pathname === `${to}/` : pathname.startsWith(to);

/** The five sidebar entries; in mini mode only their icons, named by tooltip and aria-label. */
export const SidebarNav = ({ isMini, onNavigate }: SidebarNavProps) => {
  const { pathname } = useLocation();
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {navItems.map((item) => {
        const active = isActive(pathname, item.to, item.isExact);
        const icon = <item.icon size={22} stroke={1.6} aria-hidden />;
        const link = (
          <MantineNavLink
            component={NavLink}
            to={item.to}
            end={item.isExact}
            onClick={onNavigate}
            active={active}
            label={isMini ? undefined : item.label}
            aria-label={isMini ? item.label : undefined}
            leftSection={icon}
            variant="light"
            styles={{
              root: {
                borderRadius: 'var(--mantine-radius-md)',
                justifyContent: isMini ? 'center' : undefined,
                minHeight: 44,
              },
              section: isMini ? { marginInlineEnd: 0 } : undefined,
              body: isMini ? { display: 'none' } : undefined,
              label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' },
            }}
          />
        );
        return (
          <li key={item.to}>
            {isMini ? (
              <Tooltip label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </Stack>
  );
};
