import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCreditCard, IconMail, IconPhotoAi, IconUserPlus, IconBolt } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { useActivityFeed } from '../common/activityStore';
import { formatWhen } from '../../../lib/format';

const dashboardText = M.adminDashboard;

const LOOK: Record<string, { icon: typeof IconBolt; color: string }> = {
  signup: { icon: IconUserPlus, color: 'brand' },
  generation_created: { icon: IconPhotoAi, color: 'blue' },
  generation_completed: { icon: IconCheck, color: 'teal' },
  purchase: { icon: IconCreditCard, color: 'yellow' },
  message: { icon: IconMail, color: 'orange' },
};

/** At most 5 entries, newest first; live ones arrive over admin.onActivity. */
export function ActivityFeed({ connectionBadge }: { connectionBadge: React.ReactNode }) {
  const entries = useActivityFeed();
  return (
    <Card padding="md">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="md">
          {dashboardText.activityTitle}
        </Title>
        {connectionBadge}
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {dashboardText.activityEmpty}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite" data-testid="activity-feed">
          {entries.map((e) => {
            const look = LOOK[e.kind] ?? { icon: IconBolt, color: 'gray' };
            return (
              <Group key={e.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={34} radius="xl" variant="light" color={look.color}>
                  <look.icon size={18} stroke={1.8} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {dashboardText.kinds[e.kind] ?? dashboardText.kindOther}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {formatWhen(e.at)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" truncate>
                    {e.summary}
                  </Text>
                </div>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
