import { ActionIcon, AppShell, Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
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
  IconStack2,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../shared/messages/admin';
import { AdminLiveSync } from '../features/admin/common/AdminLiveSync';
import { useAdminLogout } from '../features/admin/useAdminLogout';
import { useAdminSession } from '../features/admin/useAdminSession';
import { ShellLayout } from './ShellLayout';
import type { ShellNavItem } from './ShellNavLink';
import { initials } from '../lib/format';

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
  { to: '/admin/jobs', label: M.adminJobs.nav, icon: IconStack2 },
  { to: '/admin/emails', label: M.adminEmails.nav, icon: IconMailForward },
  { to: '/admin/deletion', label: M.adminDeletion.nav, icon: IconUserX },
];

/** /admin/*: sidebar with the admin pages, the admin's name and e-mail, logout. */
export function AdminLayout() {
  return (
    <ShellLayout
      home="/admin"
      headerHeight={60}
      navbarWidth={264}
      breakpoint="md"
      nav={ADMIN_NAV}
      navLabel={M.admin.navLabel}
      menuLabels={{ open: M.nav.openMenu, close: M.nav.closeMenu }}
      background={<AdminLiveSync />}
      brandExtra={
        <Badge variant="light" color="grape" radius="sm">
          {M.admin.badge}
        </Badge>
      }
      headerEnd={
        <Tooltip label={M.admin.backToSite}>
          <ActionIcon component={Link} to="/" variant="subtle" color="gray" size="lg" aria-label={M.admin.backToSite}>
            <IconArrowLeft size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      }
      navFooter={<AdminAccount />}
    />
  );
}

/** The sidebar's foot: the signed-in admin and the logout button. */
function AdminAccount() {
  const { admin } = useAdminSession();
  const { logout, pending } = useAdminLogout();
  const displayName = admin?.fullName || admin?.email || '';
  return (
    <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
      <Group gap="sm" wrap="nowrap" px={4}>
        <Avatar radius="xl" color="grape" variant="light">
          {initials(displayName, 1)}
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
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => void logout()} loading={pending} aria-label={M.admin.logout}>
            <IconLogout size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </AppShell.Section>
  );
}
