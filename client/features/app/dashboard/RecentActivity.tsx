import { Anchor, Badge, Box, Card, Group, Loader, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconMovie, IconPhoto, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { readAppError } from '../../../lib/appError';
import type { RouterOutputs } from '../../../lib/trpc';
import { formatDateTime, formatRelative, formatSigned } from '../../../lib/format';
import classes from './Dashboard.module.css';
import { QueryView } from '../../common/QueryView';
import { generationTitle } from '../../generation/title';
import type { useDashboard } from '../../common/useDashboard';
import { perLanguage } from '../../../../shared/messages/localize';
import { ledgerText, ledgerTypeLabel } from '../../../../shared/ledger-text';

type Activity = RouterOutputs['credits']['dashboard']['recentActivity'][number];

const STATUS: Record<string, { label: string; color: string }> = perLanguage(() => ({
  completed: { label: M.generation.statusCompleted, color: 'green' },
  processing: { label: M.generation.statusProcessing, color: 'brand' },
  failed: { label: M.generation.statusFailed, color: 'red' },
  queued: { label: M.generation.statusQueued, color: 'gray' },
}));

function ActivityRow({ item }: { item: Activity }) {
  const isGeneration = item.kind === 'generation';
  const isVideo = isGeneration && item.type === 'video';
  const Icon = isGeneration ? (isVideo ? IconMovie : IconPhoto) : IconCoins;
  const typeLabel = isGeneration ? (isVideo ? M.history.typeVideo : M.history.typeImage) : ledgerTypeLabel(item.type);
  const title = isGeneration
    ? generationTitle({ prompt: item.title, type: item.type })
    : ledgerText({ type: item.type, description: item.title, planCode: item.planCode ?? null });
  const amount = item.amount ?? 0;
  const status = STATUS[item.status ?? ''] ?? { label: M.generation.statusUnknown, color: 'gray' };

  return (
    <Group wrap="nowrap" gap="sm" className={classes.activityRow} data-testid="activity-item">
      <ThemeIcon
        variant="light"
        size={38}
        radius="md"
        color={isGeneration ? (isVideo ? 'grape' : 'brand') : amount >= 0 ? 'teal' : 'orange'}
        style={{ flexShrink: 0 }}
      >
        <Icon size={20} stroke={1.7} />
      </ThemeIcon>
      <Box miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} truncate title={isGeneration ? item.title : title}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {typeLabel} ·{' '}
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {formatRelative(item.createdAt, M.dashboard.justNow)}
          </time>
        </Text>
      </Box>
      {isGeneration ? (
        <Badge
          color={status.color}
          variant="light"
          radius="sm"
          style={{ textTransform: 'none', flexShrink: 0 }}
          leftSection={item.status === 'processing' ? <Loader size={10} color={status.color} /> : undefined}
        >
          {status.label}
        </Badge>
      ) : (
        <Text
          size="sm"
          fw={700}
          c={amount > 0 ? 'teal.9' : amount < 0 ? 'red.9' : 'dimmed'}
          style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {M.credits.amount(formatSigned(amount))}
        </Text>
      )}
    </Group>
  );
}

/** docs/decisions.md D22: the user's real recent generations and credit movements; the welcome item only when empty. */
export function RecentActivity({ query }: { query: ReturnType<typeof useDashboard> }) {
  const items = query.data?.recentActivity;
  return (
    <Card>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {M.dashboard.activityTitle}
        </Title>
        {items && items.length > 0 && (
          <Anchor component={Link} to="/app/history" size="sm" fw={600}>
            {M.dashboard.activitySeeAll}
          </Anchor>
        )}
      </Group>
      <QueryView query={query} error={readAppError(query.error).message || M.dashboard.loadFailed} inline>
        {query.isPending ? (
          <Stack gap="md" py="xs">
            {[0, 1, 2].map((i) => (
              <Group key={i} wrap="nowrap" gap="sm">
                <Skeleton h={38} w={38} radius="md" />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={12} w="60%" />
                  <Skeleton h={10} w="35%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : items && items.length > 0 ? (
          <div>
            {items.map((item) => (
              <ActivityRow key={`${item.kind}:${item.id}`} item={item} />
            ))}
          </div>
        ) : (
          <Group wrap="nowrap" gap="sm" className={classes.activityRow} data-testid="activity-welcome">
            <ThemeIcon variant="gradient" size={38} radius="md" style={{ flexShrink: 0 }}>
              <IconSparkles size={20} stroke={1.7} />
            </ThemeIcon>
            <Box miw={0}>
              <Text size="sm" fw={600}>
                {M.dashboard.welcomeTitle}
              </Text>
              <Text size="xs" c="dimmed">
                {M.dashboard.welcomeText}
              </Text>
            </Box>
          </Group>
        )}
      </QueryView>
    </Card>
  );
}
