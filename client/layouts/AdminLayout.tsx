import { ActionIcon, AppShell, Avatar, Badge, Burger, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { MAIN_CONTENT_ID } from '../features/common/SkipLink';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCoins,
  IconEdit,
  IconMailForward,
  IconUserX,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconMail,
  IconMessageStar,
  IconPhoto,
  IconSettings,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { M } from '../../shared/messages/admin';
import { AdminLiveSync } from '../features/admin/common/AdminLiveSync';
import { useAdminLogout } from '../features/admin/useAdminLogout';
import { useAdminSession } from '../features/admin/useAdminSession';
import { BrandLogo } from '../features/common/BrandLogo';
import { FullPageLoader } from '../features/common/FullPageLoader';
import { ShellNavLink, type ShellNavItem } from './ShellNavLink';
import classes from './shellNav.module.css';

const ADMIN_NAV: ShellNavItem[] = [
  { to: '/admin', label: M.admin.navDashboard, icon: IconLayoutDashboard, end: true },
  { to: '/admin/users', label: M.admin.navUsers, icon: IconUsers },
  { to: '/admin/credits', label: M.admin.navCredits, icon: IconCoins },
  { to: '/admin/webhooks', label: M.admin.navWebhooks, icon: IconWebhook },
  { to: '/admin/messages', label: M.admin.navMessages, icon: IconMail },
  { to: '/admin/content', label: M.admin.navContent, icon: IconEdit },
  { to: '/admin/portfolio', label: M.admin.navPortfolio, icon: IconPhoto },
  { to: '/admin/testimonials', label: M.admin.navTestimonials, icon: IconMessageStar },
  { to: '/admin/settings', label: M.admin.navSettings, icon: IconSettings },
  { to: '/admin/logs', label: M.admin.navLogs, icon: IconListDetails },
  { to: '/admin/emails', label: M.adminEmails.nav, icon: IconMailForward },
  { to: '/admin/deletion', label: M.adminDeletion.nav, icon: IconUserX },
];

/** /admin/*: sidebar with the admin pages, the admin's name and e-mail, logout. */
export function AdminLayout() {
  const { admin } = useAdminSession();
  const { logout, pending } = useAdminLogout();
  const [opened, { toggle, close }] = useDisclosure(false);
  const displayName = admin?.fullName || admin?.email || '';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? M.nav.closeMenu : M.nav.openMenu}
            />
            <BrandLogo to="/admin" size={30} onClick={close} />
            <Badge variant="light" color="grape" radius="sm">
              {M.admin.badge}
            </Badge>
          </Group>
          <Tooltip label={M.admin.backToSite}>
            <ActionIcon component={Link} to="/" variant="subtle" color="gray" size="lg" aria-label={M.admin.backToSite}>
              <IconArrowLeft size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={M.admin.navLabel}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {ADMIN_NAV.map((item) => (
              <ShellNavLink key={item.to} item={item} onNavigate={close} />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
          <Group gap="sm" wrap="nowrap" px={4}>
            <Avatar radius="xl" color="grape" variant="light">
              {displayName.slice(0, 1).toLocaleUpperCase('tr-TR')}
            </Avatar>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {admin?.fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {admin?.email}
              </Text>
            </div>
            <Tooltip label={M.admin.logout}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => void logout()}
                loading={pending}
                aria-label={M.admin.logout}
              >
                <IconLogout size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
        <AdminLiveSync />
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
