import { Box, Card, Center, Group, ScrollArea, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { formatWhen } from '../../../lib/format';
import { Pager } from '../../common/Pager';
import type { Message, MessageFilter, MessageInbox } from './useMessageInbox';

const messagesText = M.adminMessages;

/** The inbox's left column: search, read filter, the messages (newest first) and the pager. */
export function MessageList({ inbox }: { inbox: MessageInbox }) {
  const data = inbox.query.data;
  return (
    <Card padding={0} h="100%">
      <Stack gap="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          aria-label={messagesText.searchPlaceholder}
          placeholder={messagesText.searchPlaceholder}
          leftSection={<IconSearch size={16} stroke={1.7} />}
          value={inbox.search}
          onChange={(e) => inbox.setSearch(e.currentTarget.value)}
        />
        <SegmentedControl
          fullWidth
          value={inbox.filter}
          onChange={(v) => inbox.setFilter(v as MessageFilter)}
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
            {data?.items.map((m) => (
              <li key={m.id}>
                <MessageListItem message={m} active={m.id === inbox.selectedId} onOpen={inbox.open} />
              </li>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      {data && data.pageCount > 1 && (
        <Box px="sm" pb="sm">
          <Pager page={data.page} pageCount={data.pageCount} total="" onChange={inbox.setPage} />
        </Box>
      )}
    </Card>
  );
}

/** One message in the list: unread dot, sender, when, e-mail and company, the text's start. */
function MessageListItem({ message: m, active, onOpen }: { message: Message; active: boolean; onOpen: (m: Message) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(m)}
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
  );
}
