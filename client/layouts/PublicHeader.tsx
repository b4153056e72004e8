import {
  Avatar,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconMovie,
  IconPhotoAi,
  IconReceipt,
  IconTag,
  IconUser,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { M } from '../../shared/messages';
import { emailPrefix, useSession } from '../features/auth/useSession';
import { useSignOut } from '../features/auth/useSignOut';
import { BrandLogo } from '../features/common/BrandLogo';
import { CreditBalanceBadge } from '../features/credits/CreditBalanceBadge';
import { CreditsExpiryNotice } from '../features/credits/CreditsExpiryNotice';
import { CreditsLiveSync } from '../features/credits/CreditsLiveSync';
import { formatCredits } from '../features/credits/formatCredits';
import { useCreditBalance } from '../features/credits/useCreditBalance';
import classes from './PublicHeader.module.css';

interface HeaderLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

const SIGNED_OUT_LINKS: HeaderLink[] = [
  { to: '/', label: M.nav.home, icon: IconHome },
  { to: '/pricing', label: M.nav.pricing, icon: IconTag },
  { to: '/#contact', label: M.nav.contact, icon: IconMail },
];

const SIGNED_IN_LINKS: HeaderLink[] = [
  { to: '/app/generate-image', label: M.nav.generateImage, icon: IconPhotoAi },
  { to: '/app/generate-video', label: M.nav.generateVideo, icon: IconMovie },
  { to: '/app/history', label: M.nav.history, icon: IconHistory },
];

const USER_MENU_LINKS: HeaderLink[] = [
  { to: '/app', label: M.nav.dashboard, icon: IconLayoutDashboard },
  { to: '/app/profile', label: M.nav.profile, icon: IconUser },
  { to: '/app/billing', label: M.nav.billing, icon: IconReceipt },
];

function isActive(to: string, pathname: string, hash: string): boolean {
  if (to.includes('#')) return false;
  if (to === '/') return pathname === '/' && !hash;
  return pathname === to;
}

/** Public header: signed-out and signed-in variants (SPEC §2), mobile Burger + Drawer. */
export function PublicHeader() {
  const { user, loading } = useSession();
  const { signOut, pending } = useSignOut();
  const { balance } = useCreditBalance();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname, hash } = useLocation();

  const links = user ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
  const name = user ? emailPrefix(user.email) : '';

  return (
    <Box component="header" className={classes.header}>
      <CreditsLiveSync />
      {user && <CreditsExpiryNotice />}
      <Container h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <BrandLogo to="/" />

          <Group gap={4} visibleFrom="md" component="nav" aria-label={M.nav.mainNav}>
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={classes.link}
                data-active={isActive(link.to, pathname, hash) || undefined}
              >
                {link.label}
              </Link>
            ))}
          </Group>

          <Group gap="sm" visibleFrom="md" wrap="nowrap">
            {loading ? null : user ? (
              <>
                <CreditBalanceBadge />
                <Menu position="bottom-end" width={220} shadow="md" withinPortal>
                  <Menu.Target>
                    <UnstyledButton aria-label={M.nav.userMenu}>
                      <Group gap={8} wrap="nowrap">
                        <Avatar size={32} radius="xl" color="brand" variant="filled">
                          {name.slice(0, 1).toLocaleUpperCase('tr-TR')}
                        </Avatar>
                        <Text size="sm" fw={600} maw={140} truncate>
                          {name}
                        </Text>
                        <IconChevronDown size={14} stroke={1.8} />
                      </Group>
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Label>{user.email}</Menu.Label>
                    {USER_MENU_LINKS.map((link) => (
                      <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} stroke={1.7} />}>
                        {link.label}
                      </Menu.Item>
                    ))}
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconLogout size={16} stroke={1.7} />}
                      onClick={() => void signOut()}
                      disabled={pending}
                    >
                      {M.nav.signOut}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </>
            ) : (
              <>
                <Button component={Link} to="/auth" variant="default">
                  {M.nav.signIn}
                </Button>
                <Button component={Link} to="/auth?mode=signup" variant="gradient">
                  {M.nav.getStarted}
                </Button>
              </>
            )}
          </Group>

          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={drawerOpened ? M.nav.closeMenu : M.nav.openMenu}
          />
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size="min(100%, 360px)"
        position="right"
        hiddenFrom="md"
        title={<BrandLogo to="/" size={28} onClick={drawer.close} />}
        closeButtonProps={{ 'aria-label': M.nav.closeMenu }}
      >
        <Stack gap={4} component="nav" aria-label={M.nav.mainNav}>
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={classes.drawerLink}
              data-active={isActive(link.to, pathname, hash) || undefined}
              onClick={drawer.close}
            >
              <link.icon size={20} stroke={1.7} />
              {link.label}
            </Link>
          ))}
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
            <Stack gap={4}>
              {USER_MENU_LINKS.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={classes.drawerLink}
                  data-active={isActive(link.to, pathname, hash) || undefined}
                  onClick={drawer.close}
                >
                  <link.icon size={20} stroke={1.7} />
                  {link.label}
                </Link>
              ))}
            </Stack>
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={18} stroke={1.7} />}
              loading={pending}
              onClick={() => {
                drawer.close();
                void signOut();
              }}
            >
              {M.nav.signOut}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to="/auth" variant="default" onClick={drawer.close}>
              {M.nav.signIn}
            </Button>
            <Button component={Link} to="/auth?mode=signup" variant="gradient" onClick={drawer.close}>
              {M.nav.getStarted}
            </Button>
          </Stack>
        )}
      </Drawer>
    </Box>
  );
}
