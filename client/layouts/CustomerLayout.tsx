import { ActionIcon, AppShell, Avatar, Burger, Button, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { MAIN_CONTENT_ID } from '../features/common/SkipLink';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCrown,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconMovie,
  IconStack2,
  IconPhotoAi,
  IconReceipt,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { M } from '../../shared/messages/app';
import { emailPrefix, useSession } from '../features/auth/useSession';
import { useSignOut } from '../features/auth/useSignOut';
import { BrandLogo } from '../features/common/BrandLogo';
import { FullPageLoader } from '../features/common/FullPageLoader';
import { CreditsExpiryNotice } from '../features/credits/CreditsExpiryNotice';
import { SavedThemeSync } from '../features/preferences/SavedThemeSync';
import { CreditBalanceBadge } from '../features/credits/CreditBalanceBadge';
import { CreditsLiveSync } from '../features/credits/CreditsLiveSync';
import { GenerationsLiveSync } from '../features/generation/GenerationsLiveSync';
import { ShellNavLink, type ShellNavItem } from './ShellNavLink';
import classes from './shellNav.module.css';

const APP_NAV: ShellNavItem[] = [
  { to: '/app', label: M.nav.dashboard, icon: IconLayoutDashboard, end: true },
  { to: '/app/generate-image', label: M.nav.generateImage, icon: IconPhotoAi },
  { to: '/app/generate-video', label: M.nav.generateVideo, icon: IconMovie },
  { to: '/app/batch', label: M.exports.batchNav, icon: IconStack2 },
  { to: '/app/history', label: M.nav.history, icon: IconHistory },
  { to: '/app/profile', label: M.nav.profile, icon: IconUser },
  { to: '/app/subscription', label: M.nav.subscription, icon: IconCrown },
  { to: '/app/billing', label: M.nav.billing, icon: IconReceipt },
  { to: '/app/settings', label: M.nav.settings, icon: IconSettings },
];

/** /app/*: header (logo → /app, credits, e-mail prefix, sign-out) and a sidebar of app pages. */
export function CustomerLayout() {
  const { user } = useSession();
  const { signOut, pending } = useSignOut();
  const [opened, { toggle, close }] = useDisclosure(false);
  const name = user ? emailPrefix(user.email) : '';

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SavedThemeSync />
      <CreditsExpiryNotice />
      <CreditsLiveSync />
      <GenerationsLiveSync />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? M.nav.closeMenu : M.nav.openMenu}
            />
            <BrandLogo to="/app" size={30} onClick={close} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <CreditBalanceBadge />
            <Group gap={8} wrap="nowrap" visibleFrom="sm">
              <Avatar size={30} radius="xl" color="brand" variant="filled">
                {name.slice(0, 1).toLocaleUpperCase('tr-TR')}
              </Avatar>
              <Text size="sm" fw={600} maw={160} truncate title={user?.email}>
                {name}
              </Text>
            </Group>
            <Button
              visibleFrom="sm"
              variant="default"
              leftSection={<IconLogout size={16} stroke={1.7} />}
              onClick={() => void signOut()}
              loading={pending}
            >
              {M.nav.signOut}
            </Button>
            <Tooltip label={M.nav.signOut}>
              <ActionIcon
                hiddenFrom="sm"
                variant="default"
                size="lg"
                onClick={() => void signOut()}
                loading={pending}
                aria-label={M.nav.signOut}
              >
                <IconLogout size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={M.app.navLabel}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {APP_NAV.map((item) => (
              <ShellNavLink key={item.to} item={item} onNavigate={close} />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <Text size="sm" c="dimmed" truncate px="sm">
            {user?.email}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
