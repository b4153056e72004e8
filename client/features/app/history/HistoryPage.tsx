import { Button, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconMovie, IconPhotoAi } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { trpc } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { useDownloads } from '../../generation/download';
import { isUnfinished, type GenerationView } from '../../generation/types';
import { usePollInterval } from '../../generation/useGeneration';
import { PageHeader } from '../../common/PageHeader';
import { HistoryCard } from './HistoryCard';
import { HistoryViewModal } from './HistoryViewModal';
import { formatNumber } from '../../../lib/format';

export const HISTORY_PAGE_SIZE = 12;
const GRID_COLS = { base: 1, xs: 2, lg: 3 };

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /app/history: the user's generations, newest first, live while any of them runs. */
export default function HistoryPage() {
  usePageTitle(M.titles.history);
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const interval = usePollInterval();
  const downloads = useDownloads();
  const [viewing, setViewing] = useState<{ item: GenerationView; index: number | null } | null>(null);

  const query = trpc.generations.list.useQuery(
    { page, pageSize: HISTORY_PAGE_SIZE },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.items.some((g) => isUnfinished(g.status)) ? interval : false),
    },
  );
  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;

  const setPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // A page past the end (items deleted, or a hand-typed URL) falls back to the last one.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > totalPages)
      setParams(totalPages > 1 ? { page: String(totalPages) } : {}, { replace: true });
  }, [data, query.isPlaceholderData, page, totalPages, setParams]);

  // Keep the open entry in step with live updates.
  const viewed = viewing ? (data?.items.find((g) => g.id === viewing.item.id) ?? viewing.item) : null;

  let body;
  if (query.isPending) {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy="true" aria-label={M.common.loading}>
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} padding="sm">
            <Skeleton style={{ aspectRatio: '16 / 10' }} radius="md" />
            <Stack gap={8} mt="sm" px={4}>
              <Group gap={6}>
                <Skeleton h={20} w={70} radius="sm" />
                <Skeleton h={20} w={80} radius="sm" />
              </Group>
              <Skeleton h={16} w="90%" />
              <Skeleton h={12} w="60%" />
              <Skeleton h={34} mt={8} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (data && data.total === 0) {
    body = (
      <Card p={{ base: 'xl', sm: 48 }} maw={640} mx="auto" w="100%" ta="center" data-testid="history-empty">
        <Stack align="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="gradient">
            <IconHistory size={36} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
            {M.history.emptyTitle}
          </Title>
          <Text c="dimmed" maw={440}>
            {M.history.emptyText}
          </Text>
          <Group justify="center" gap="sm" mt="xs">
            <Button component={Link} to="/app/generate-image" variant="gradient" leftSection={<IconPhotoAi size={18} />}>
              {M.nav.generateImage}
            </Button>
            <Button component={Link} to="/app/generate-video" variant="default" leftSection={<IconMovie size={18} />}>
              {M.nav.generateVideo}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  } else if (data) {
    body = (
      <Stack gap="xl">
        <SimpleGrid cols={GRID_COLS} spacing="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {data.items.map((item) => (
            <HistoryCard key={item.id} item={item} downloads={downloads} onView={(g) => setViewing({ item: g, index: 0 })} />
          ))}
        </SimpleGrid>
        {totalPages > 1 && (
          <Group justify="center">
            <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={setPage} radius="md" withEdges={totalPages > 5} />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack maw={1180} gap={0}>
      <PageHeader title={M.titles.history} subtitle={M.history.subtitle}>
        {data && data.total > 0 && (
          <Text size="sm" fw={600} c="brand">
            {M.history.total(formatNumber(data.total))}
          </Text>
        )}
      </PageHeader>
      <QueryView query={query} error={M.generation.historyFailed} minHeight="40vh">
        {body}
      </QueryView>
      <HistoryViewModal
        item={viewed}
        index={viewing?.index ?? null}
        onIndexChange={(index) => setViewing((v) => (v ? { ...v, index } : v))}
        onClose={() => setViewing(null)}
        downloads={downloads}
      />
    </Stack>
  );
}
