import { Badge, Card, Center, Grid, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { formatNumber } from '../../../lib/format';
import { QueryView } from '../../common/QueryView';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConnectionBadge } from '../common/ConnectionBadge';
import { MessageDetail } from './MessageDetail';
import { MessageList } from './MessageList';
import { MESSAGES_POLL_SECONDS, useMessageInbox } from './useMessageInbox';

const messagesText = M.adminMessages;

/** /admin/messages: list and detail side by side; opening an unread message marks it read. */
export default function AdminMessagesPage() {
  const inbox = useMessageInbox();
  const { query, selected } = inbox;
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
          <ConnectionBadge pollSeconds={MESSAGES_POLL_SECONDS} />
        </>
      }
    />
  );
  return (
    <Stack gap="md" maw={1280}>
      {header}
      <QueryView query={query} error={M.admin.messagesLoadFailed} minHeight="40vh">
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 5 }} display={{ base: selected ? 'none' : 'block', md: 'block' }}>
            <MessageList inbox={inbox} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} display={{ base: selected ? 'block' : 'none', md: 'block' }}>
            {selected ? (
              <MessageDetail message={selected} pending={inbox.pending} onToggleRead={inbox.toggleRead} onBack={inbox.close} />
            ) : (
              <Card padding="lg" h="100%">
                <Center h="100%" mih={240}>
                  <Stack align="center" gap={6}>
                    <IconInbox size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
                    <Text c="dimmed">{messagesText.selectPrompt}</Text>
                  </Stack>
                </Center>
              </Card>
            )}
          </Grid.Col>
        </Grid>
      </QueryView>
    </Stack>
  );
}
