import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { useSignOut } from '../../features/auth/useSignOut';
import { USER_MENU_LINKS } from './headerLinks';
import { UserMenuButton } from './UserMenuButton';

/** The signed-in seller's menu in the public header (its own chunk: visitors never load it). */
export default function UserMenu({ email, name }: { email: string; name: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UserMenuButton name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        {USER_MENU_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} stroke={1.7} />}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.7} />} onClick={() => void signOut()} disabled={pending}>
          {M.nav.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
