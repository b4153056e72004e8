import { ActionIcon, AppShell, Avatar, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconCrown,
  IconHistory,
  IconApi,
  IconLayoutDashboard,
  IconLogout,
  IconMovie,
  IconStack2,
  IconPhotoAi,
  IconReceipt,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { M } from '../../shared/messages/app';
import { displayName, useSession } from '../features/auth/useSession';
import { useSignOut } from '../features/auth/useSignOut';
import { CreditsExpiryNotice } from '../features/credits/CreditsExpiryNotice';
import { SavedThemeSync } from '../features/preferences/SavedThemeSync';
import { CreditBalanceBadge } from '../features/credits/CreditBalanceBadge';
import { CreditsLiveSync } from '../features/credits/CreditsLiveSync';
import { GenerationsLiveSync } from '../features/generation/GenerationsLiveSync';
import { ShellLayout } from './ShellLayout';
import type { ShellNavItem } from './ShellNavLink';
import { initials } from '../lib/format';
import { LanguageSwitch } from '../features/preferences/LanguageSwitch';
import { perLanguage } from '../../shared/messages/localize';

const APP_NAV: ShellNavItem[] = perLanguage(() => [
  { to: '/app', label: M.nav.dashboard, icon: IconLayoutDashboard, end: true },
  { to: '/app/generate-image', label: M.nav.generateImage, icon: IconPhotoAi },
  { to: '/app/generate-video', label: M.nav.generateVideo, icon: IconMovie },
  { to: '/app/batch', label: M.exports.batchNav, icon: IconStack2 },
  { to: '/app/history', label: M.nav.history, icon: IconHistory },
  { to: '/app/api', label: M.api.nav, icon: IconApi },
  { to: '/app/profile', label: M.nav.profile, icon: IconUser },
  { to: '/app/subscription', label: M.nav.subscription, icon: IconCrown },
  { to: '/app/billing', label: M.nav.billing, icon: IconReceipt },
  { to: '/app/settings', label: M.nav.settings, icon: IconSettings },
]);

/** /app/*: header (logo → /app, credits, e-mail prefix, sign-out) and a sidebar of app pages. */
export function CustomerLayout() {
  const { user } = useSession();
  return (
    <ShellLayout
      home="/app"
      headerHeight={64}
      navbarWidth={248}
      breakpoint="sm"
      nav={APP_NAV}
      navLabel={M.app.navLabel}
      menuLabels={{ open: M.nav.openMenu, close: M.nav.closeMenu }}
      background={
        <>
          <SavedThemeSync />
          <CreditsExpiryNotice />
          <CreditsLiveSync />
          <GenerationsLiveSync />
        </>
      }
      headerEnd={<CustomerAccount />}
      navFooter={
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <Text size="sm" c="dimmed" truncate px="sm">
            {user?.email}
          </Text>
        </AppShell.Section>
      }
    />
  );
}

/** The header's right-hand side: credits, the seller's e-mail prefix, sign-out. */
function CustomerAccount() {
  const { user } = useSession();
  const { signOut, pending } = useSignOut();
  const name = user ? displayName(user) : '';
  return (
    <Group gap="sm" wrap="nowrap">
      <LanguageSwitch />
      <CreditBalanceBadge />
      <Group gap={8} wrap="nowrap" visibleFrom="sm">
        <Avatar size={30} radius="xl" color="brand" variant="filled">
          {initials(name, 1)}
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
        <ActionIcon hiddenFrom="sm" variant="default" size="lg" onClick={() => void signOut()} loading={pending} aria-label={M.nav.signOut}>
          <IconLogout size={18} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
