import { Badge, Box, Card, Center, Grid, Group, ScrollArea, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import type { MESSAGE_FILTERS } from '../../../../shared/schemas/admin';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConnectionBadge, usePollWhileOffline } from '../common/ConnectionBadge';
import { toastAdminError } from '../common/errors';
import { formatNumber, formatWhen } from '../../../lib/format';
import { Pager } from '../common/Pager';
import { MessageDetail } from './MessageDetail';

type Filter = (typeof MESSAGE_FILTERS)[number];
type Message = RouterOutputs['admin']['messages']['list']['items'][number];
const messagesText = M.adminMessages;
const PAGE_SIZE = 30;
const POLL_SECONDS = 30;

/** /admin/messages: list and detail side by side; opening an unread message marks it read. */
export default function AdminMessagesPage() {
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The message on screen is kept even if it leaves the filtered list (e.g. read under "unread").
  const [selected, setSelected] = useState<Message | null>(null);
  const refetchInterval = usePollWhileOffline(POLL_SECONDS);
  const input = { search: debounced, filter, page, pageSize: PAGE_SIZE };
  const query = trpc.admin.messages.list.useQuery(input, { refetchInterval, placeholderData: (p) => p });
  const autoRead = useRef(new Set<string>());

  const apply = (m: Message) => {
    setSelected((cur) => (cur?.id === m.id ? m : cur));
    void utils.admin.messages.list.invalidate();
    void utils.admin.dashboard.invalidate();
  };
  const markRead = trpc.admin.messages.markRead.useMutation({ onSuccess: apply, onError: (e) => toastAdminError(e, M.admin.messageUpdateFailed) });
  const markUnread = trpc.admin.messages.markUnread.useMutation({
    onSuccess: (m) => {
      apply(m);
      toastSuccess(messagesText.markedUnread);
    },
    onError: (e) => toastAdminError(e, M.admin.messageUpdateFailed),
  });

  // Fresh data for the open message from the list, when it is in it.
  useEffect(() => {
    const fresh = query.data?.items.find((m) => m.id === selectedId);
    if (fresh) setSelected(fresh);
  }, [query.data, selectedId]);

  function open(m: Message) {
    setSelectedId(m.id);
    setSelected(m);
    if (!m.isRead && !autoRead.current.has(m.id)) {
      autoRead.current.add(m.id);
      markRead.mutate({ id: m.id });
    }
  }

  function toggleRead() {
    if (!selected) return;
    if (selected.isRead) {
      autoRead.current.add(selected.id);
      markUnread.mutate({ id: selected.id });
    } else {
      markRead.mutate({ id: selected.id }, { onSuccess: () => toastSuccess(messagesText.markedRead) });
    }
  }

  const data = query.data;
  const header = (
    <AdminPageHeader
      title={M.admin.navMessages}
      subtitle={messagesText.subtitle}
      actions={
        <>
          {data && data.unread > 0 && (
            <Badge size="lg" variant="light" color="brand" radius="sm">
              {messagesText.unreadCount(formatNumber(data.unread))}
            </Badge>
          )}
          <ConnectionBadge pollSeconds={POLL_SECONDS} />
        </>
      }
    />
  );
  if (query.isError && !data) {
    return (
      <>
        {header}
        <LoadError message={M.admin.messagesLoadFailed} onRetry={() => void query.refetch()} minHeight="40vh" />
      </>
    );
  }

  const list = (
    <Card padding={0} h="100%">
      <Stack gap="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          aria-label={messagesText.searchPlaceholder}
          placeholder={messagesText.searchPlaceholder}
          leftSection={<IconSearch size={16} stroke={1.7} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <SegmentedControl
          fullWidth
          value={filter}
          onChange={(v) => {
            setFilter(v as Filter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: messagesText.filterAll },
            { value: 'unread', label: messagesText.filterUnread },
            { value: 'read', label: messagesText.filterRead },
          ]}
        />
      </Stack>
      <ScrollArea.Autosize mah={{ base: 'none', md: 'calc(100dvh - 330px)' }} type="auto">
        {data && data.items.length === 0 ? (
          <Center py="xl" px="md">
            <Stack align="center" gap={6}>
              <IconInbox size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
              <Text c="dimmed" size="sm">
                {messagesText.empty}
              </Text>
            </Stack>
          </Center>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data?.items.map((m) => {
              const active = m.id === selectedId;
              return (
                <li key={m.id}>
                  <UnstyledButton
                    onClick={() => open(m)}
                    w="100%"
                    px="md"
                    py="sm"
                    data-testid="message-item"
                    aria-current={active ? 'true' : undefined}
                    style={{
                      display: 'block',
                      borderBottom: '1px solid var(--mantine-color-default-border)',
                      background: active ? 'var(--mantine-color-brand-light)' : undefined,
                    }}
                  >
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                        {!m.isRead && <Box w={8} h={8} bg="brand.6" style={{ borderRadius: 8, flex: '0 0 8px' }} aria-label={messagesText.newBadge} />}
                        <Text size="sm" fw={m.isRead ? 500 : 700} truncate>
                          {m.name}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {formatWhen(m.createdAt)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {m.email}
                      {m.company ? ` · ${m.company}` : ''}
                    </Text>
                    <Text size="sm" c={m.isRead ? 'dimmed' : undefined} lineClamp={2} mt={2}>
                      {m.message}
                    </Text>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
      </ScrollArea.Autosize>
      {data && data.pageCount > 1 && (
        <Box px="sm" pb="sm">
          <Pager page={data.page} pageCount={data.pageCount} total="" onChange={setPage} />
        </Box>
      )}
    </Card>
  );

  const detail = selected ? (
    <MessageDetail
      message={selected}
      pending={markRead.isPending || markUnread.isPending}
      onToggleRead={toggleRead}
      onBack={() => {
        setSelectedId(null);
        setSelected(null);
      }}
    />
  ) : (
    <Card padding="lg" h="100%">
      <Center h="100%" mih={240}>
        <Stack align="center" gap={6}>
          <IconInbox size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{messagesText.selectPrompt}</Text>
        </Stack>
      </Center>
    </Card>
  );

  return (
    <Stack gap="md" maw={1280}>
      {header}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }} display={{ base: selected ? 'none' : 'block', md: 'block' }}>
          {list}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} display={{ base: selected ? 'block' : 'none', md: 'block' }}>
          {detail}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
