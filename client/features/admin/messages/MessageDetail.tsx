import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMail, IconMailOpened, IconSend } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import type { RouterOutputs } from '../../../lib/trpc';
import { formatDateTime } from '../../../lib/format';

type Message = RouterOutputs['admin']['messages']['list']['items'][number];
const messagesText = M.adminMessages;

export function MessageDetail({
  message,
  pending,
  onToggleRead,
  onBack,
}: {
  message: Message;
  pending: boolean;
  onToggleRead: () => void;
  onBack: () => void;
}) {
  return (
    <Card padding="lg" h="100%" data-testid="message-detail">
      <Stack gap="md">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
          onClick={onBack}
          hiddenFrom="md"
          w="fit-content"
          px={4}
        >
          {messagesText.back}
        </Button>
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Title order={2} fz="lg" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {message.name}
            </Title>
            <Badge
              variant={message.isRead ? 'light' : 'filled'}
              color={message.isRead ? 'gray' : 'brand'}
              radius="sm"
              style={{ flexShrink: 0 }}
            >
              {message.isRead ? messagesText.filterRead : messagesText.filterUnread}
            </Badge>
          </Group>
          <Anchor href={`mailto:${message.email}`} size="sm">
            {message.email}
          </Anchor>
          <Text size="xs" c="dimmed" mt={2}>
            {message.company ? `${messagesText.company}: ${message.company} · ` : ''}
            {messagesText.receivedAt}: {formatDateTime(message.createdAt)}
          </Text>
        </div>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lh={1.6}>
          {message.message}
        </Text>
        {message.isRead && message.readAt && (
          <Text size="xs" c="dimmed">
            {messagesText.readBy(message.readBy?.name || message.readBy?.email || M.adminLogs.unknownAdmin, formatDateTime(message.readAt))}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={message.isRead ? <IconMail size={16} /> : <IconMailOpened size={16} />}
            loading={pending}
            onClick={onToggleRead}
          >
            {message.isRead ? messagesText.markUnread : messagesText.markRead}
          </Button>
          <Button component="a" href={`mailto:${message.email}`} variant="default" leftSection={<IconSend size={16} />}>
            {messagesText.reply}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
