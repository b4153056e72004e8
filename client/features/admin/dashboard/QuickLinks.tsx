import { Card, Group, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconCoins, IconEdit, IconMail, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/admin';

const dashboardText = M.adminDashboard;
const LINKS = [
  { to: '/admin/users', label: M.admin.navUsers, hint: dashboardText.linkUsers, icon: IconUsers, color: 'brand' },
  { to: '/admin/credits', label: M.admin.navCredits, hint: dashboardText.linkCredits, icon: IconCoins, color: 'yellow' },
  { to: '/admin/messages', label: M.admin.navMessages, hint: dashboardText.linkMessages, icon: IconMail, color: 'orange' },
  { to: '/admin/content', label: M.admin.navContent, hint: dashboardText.linkContent, icon: IconEdit, color: 'teal' },
];

/** docs/product.md §2: quick links to users, credits, messages and content. */
export function QuickLinks({ unread }: { unread?: number }) {
  return (
    <Card padding="md">
      <Title order={2} fz="md" mb="sm">
        {dashboardText.quickLinks}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="sm">
        {LINKS.map((l) => (
          <UnstyledButton
            key={l.to}
            component={Link}
            to={l.to}
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="light" color={l.color}>
                <l.icon size={20} stroke={1.7} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {l.label}
                  {l.to === '/admin/messages' && unread ? ` (${unread})` : ''}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {l.hint}
                </Text>
              </div>
              <IconChevronRight size={16} stroke={1.7} color="var(--mantine-color-dimmed)" />
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
}
