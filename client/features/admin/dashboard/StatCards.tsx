import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconMail, IconPhotoAi, IconSparkles, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { M } from '../../../../shared/messages/admin';
import type { RouterOutputs } from '../../../lib/trpc';
import { formatNumber } from '../../../lib/format';

type Stats = RouterOutputs['admin']['dashboard']['stats'];
const dashboardText = M.adminDashboard;

type Card = { label: string; value: string; hint: string; icon: ComponentType<{ size?: number; stroke?: number }>; color: string };

function cards(s: Stats): Card[] {
  return [
    { label: dashboardText.totalUsers, value: formatNumber(s.totalUsers), hint: '', icon: IconUsers, color: 'brand' },
    {
      label: dashboardText.activeUsers,
      value: formatNumber(s.activeUsers),
      hint: dashboardText.activeUsersHint,
      icon: IconUserCheck,
      color: 'teal',
    },
    {
      label: dashboardText.creditsUsedThisMonth,
      value: formatNumber(s.creditsUsedThisMonth),
      hint: dashboardText.creditsUsedHint,
      icon: IconSparkles,
      color: 'grape',
    },
    {
      label: dashboardText.unreadMessages,
      value: formatNumber(s.unreadMessages),
      hint: dashboardText.unreadHint,
      icon: IconMail,
      color: 'orange',
    },
    {
      label: dashboardText.totalCreditsDistributed,
      value: formatNumber(s.totalCreditsDistributed),
      hint: s.unlimitedUsers > 0 ? dashboardText.unlimitedUsers(formatNumber(s.unlimitedUsers)) : dashboardText.distributedHint,
      icon: IconCoins,
      color: 'yellow',
    },
    {
      label: dashboardText.totalGenerations,
      value: formatNumber(s.totalGenerations),
      hint: dashboardText.generationsHint,
      icon: IconPhotoAi,
      color: 'blue',
    },
  ];
}

/** The six statistics of docs/product.md §7. */
export function StatCards({ stats }: { stats: Stats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
      {stats
        ? cards(stats).map((c) => (
            <Card key={c.label} padding="md" data-testid="admin-stat" p={{ base: 'sm', sm: 'md' }}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" c="dimmed" fw={500}>
                    {c.label}
                  </Text>
                  <Text fz={{ base: 22, sm: 28 }} fw={750} lh={1.2} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {c.value}
                  </Text>
                </div>
                <ThemeIcon size={40} radius="md" variant="light" color={c.color} visibleFrom="sm">
                  <c.icon size={22} stroke={1.7} />
                </ThemeIcon>
              </Group>
              {c.hint && (
                <Text size="xs" c="dimmed" mt={6}>
                  {c.hint}
                </Text>
              )}
            </Card>
          ))
        : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={112} radius="lg" />)}
    </SimpleGrid>
  );
}
