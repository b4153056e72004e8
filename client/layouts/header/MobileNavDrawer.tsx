import { Box, Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { useSession } from '../../features/auth/useSession';
import { useSignOut } from '../../features/auth/useSignOut';
import { BrandLogo } from '../../features/common/BrandLogo';
import { formatCredits } from '../../features/credits/formatCredits';
import { useCreditBalance } from '../../features/credits/useCreditBalance';
import { SIGNED_IN_LINKS, SIGNED_OUT_LINKS, USER_MENU_LINKS, isActive, type HeaderLink } from './headerLinks';
import classes from '../PublicHeader.module.css';

/** The phone navigation (its own chunk: loaded the first time the burger is pressed). */
export default function MobileNavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user, loading } = useSession();
  const { signOut, pending } = useSignOut();
  const { balance } = useCreditBalance();
  const { pathname, hash } = useLocation();

  const navLink = (link: HeaderLink) => (
    <Link
      key={link.to}
      to={link.to}
      className={classes.drawerLink}
      data-active={isActive(link.to, pathname, hash) || undefined}
      onClick={onClose}
    >
      <link.icon size={20} stroke={1.7} />
      {link.label}
    </Link>
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="min(100%, 360px)"
      position="right"
      hiddenFrom="md"
      title={<BrandLogo to="/" size={28} onClick={onClose} />}
      closeButtonProps={{ 'aria-label': M.nav.closeMenu }}
    >
      <Stack gap={4} component="nav" aria-label={M.nav.mainNav}>
        {(user ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS).map(navLink)}
      </Stack>

      <Divider my="md" />

      {loading ? null : user ? (
        <Stack gap="md">
          <Box px="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
              {M.common.creditBalance}
            </Text>
            <Text fw={700} fz="xl">
              {balance ? formatCredits(balance.balance, balance.unlimited) : '…'}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Box>
          <Stack gap={4}>{USER_MENU_LINKS.map(navLink)}</Stack>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={18} stroke={1.7} />}
            loading={pending}
            onClick={() => {
              onClose();
              void signOut();
            }}
          >
            {M.nav.signOut}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Button component={Link} to="/auth" variant="default" onClick={onClose}>
            {M.nav.signIn}
          </Button>
          <Button component={Link} to="/auth?mode=signup" variant="gradient" onClick={onClose}>
            {M.nav.getStarted}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
