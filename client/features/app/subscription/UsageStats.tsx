import { Card, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconMovie, IconPhoto } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { readAppError } from '../../../lib/appError';
import { formatNumber } from '../../../lib/format';
import { QueryView } from '../../common/QueryView';
import type { useDashboard } from '../../common/useDashboard';
import classes from './Subscription.module.css';

/** Real usage (docs/decisions.md D10): credits used this month, total images, total videos. */
export function UsageStats({ query }: { query: ReturnType<typeof useDashboard> }) {
  const d = query.data;
  const items = [
    { key: 'credits', label: M.subscription.usageCreditsMonth, value: d?.creditsUsedThisMonth, icon: IconCoins, color: 'orange' },
    { key: 'images', label: M.subscription.usageTotalImages, value: d?.totalImages, icon: IconPhoto, color: 'brand' },
    { key: 'videos', label: M.subscription.usageTotalVideos, value: d?.totalVideos, icon: IconMovie, color: 'grape' },
  ];
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="md">
        {M.subscription.usageTitle}
      </Title>
      <QueryView query={query} error={readAppError(query.error).message || M.subscription.loadFailed} inline>
        <SimpleGrid cols={3} spacing="sm">
          {items.map((it) => (
            <Paper key={it.key} withBorder radius="md" p={{ base: 'sm', xs: 'md' }} data-testid={`usage-${it.key}`}>
              <Stack gap={6}>
                <ThemeIcon variant="light" color={it.color} size={34} radius="md">
                  <it.icon size={19} stroke={1.7} />
                </ThemeIcon>
                {query.isPending ? (
                  <Skeleton h={26} w={48} />
                ) : (
                  <Text fz={{ base: 22, xs: 26 }} fw={800} lh={1.1} className={classes.usageValue} data-testid={`usage-${it.key}-value`}>
                    {formatNumber(it.value ?? 0)}
                  </Text>
                )}
                <Text size="xs" c="dimmed" lh={1.3}>
                  {it.label}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </QueryView>
    </Card>
  );
}
