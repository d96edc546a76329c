import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { firstItemFocused } from '../menus/first-item-focused.ts';

export type HeaderUser = { name: string; pictureSrc: string };

type UserMenuProps = { user: HeaderUser; onLogout: () => void };

/** product.md#screens-and-routes: the header's picture and name, opening a menu with Profile and Logout. */
export const UserMenu = ({ user, onLogout }: UserMenuProps) => (
  <Menu position="bottom-end" width={200} shadow="md" withinPortal {...firstItemFocused}>
    <Menu.Target>
      <UnstyledButton
        aria-label={`Account menu of ${user.name}`}
        data-testid="user-menu"
        style={{ borderRadius: 'var(--mantine-radius-xl)', padding: 4 }}
      >
        <Group gap={8} wrap="nowrap">
          <Avatar src={user.pictureSrc} alt="" radius="xl" size={36} />
          <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
            {user.name}
          </Text>
          <IconChevronDown size={16} aria-hidden />
        </Group>
      </UnstyledButton>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Label>{user.name}</Menu.Label>
      <Menu.Item component={Link} to={paths.profile} leftSection={<IconUserCircle size={18} />}>
        Profile
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconLogout size={18} />} onClick={onLogout}>
        Logout
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
);
