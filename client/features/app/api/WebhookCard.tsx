import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { QueryView } from '../../common/QueryView';
import { SectionCard } from '../../common/SectionCard';
import { ZWebhookSet } from '../../../../shared/schemas/api';
import { formatDateTime } from '../../../lib/format';
import { readAppError } from '../../../lib/appError';
import { toastServerError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { ShownOnce } from './ShownOnce';

const STATUS_COLOR: Record<string, string> = { queued: 'gray', sending: 'blue', delivered: 'teal', failed: 'red' };

/** The webhook URL (its secret shown once on save) and the latest deliveries with every attempt. */
export function WebhookCard() {
  const utils = trpc.useUtils();
  const hook = trpc.apiKeys.webhook.useQuery(undefined, { refetchInterval: 15_000 });
  const save = trpc.apiKeys.setWebhook.useMutation();
  const remove = trpc.apiKeys.removeWebhook.useMutation();
  const rotate = trpc.apiKeys.rotateWebhookSecret.useMutation();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = async () => {
    const parsed = ZWebhookSet.safeParse({ url });
    if (!parsed.success) return setUrlError(parsed.error.issues[0]?.message ?? null);
    setUrlError(null);
    try {
      const r = await save.mutateAsync(parsed.data);
      setUrl('');
      setSecret(r.secret);
      toastSuccess(M.api.webhookSaved);
      await utils.apiKeys.webhook.invalidate();
    } catch (err) {
      setUrlError(readAppError(err).message);
    }
  };

  const drop = async () => {
    try {
      await remove.mutateAsync();
      toastSuccess(M.api.webhookRemoved);
      await utils.apiKeys.webhook.invalidate();
    } catch (err) {
      toastServerError(err);
    }
  };

  const doRotate = async () => {
    try {
      const r = await rotate.mutateAsync();
      setConfirmRotate(false);
      setSecret(r.secret);
      toastSuccess(M.api.rotated);
      await utils.apiKeys.webhook.invalidate();
    } catch (err) {
      toastServerError(err);
    }
  };

  const data = hook.data;
  return (
    <SectionCard title={M.api.webhookTitle} description={M.api.webhookDesc}>
      <QueryView query={hook} error={M.api.loadFailed} inline />
      {data && (
        <Group justify="space-between">
          <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="webhook-url">
            {data.url ? M.api.webhookCurrent(data.url) : M.api.webhookNone}
          </Text>
          {data.url && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirmRotate(true)}>
                {M.api.rotateSecret}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void drop()} loading={remove.isPending}>
                {M.api.webhookRemove}
              </Button>
            </Group>
          )}
        </Group>
      )}
      {data?.previousSecretUntil && (
        <Text size="sm" c="dimmed" data-testid="previous-secret">
          {M.api.previousSecretUntil(formatDateTime(data.previousSecretUntil))}
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={M.api.webhookUrl}
            placeholder="https://"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={urlError}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={save.isPending}>
            {M.api.webhookSave}
          </Button>
        </Group>
      </form>
      <Title order={3} fz="md">
        {M.api.deliveriesTitle}
      </Title>
      {data && data.deliveries.length === 0 && <Text c="dimmed">{M.api.noDeliveries}</Text>}
      {data && data.deliveries.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="webhook-deliveries" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.api.colEvent}</Table.Th>
                <Table.Th>{M.api.colStatus}</Table.Th>
                <Table.Th>{M.api.colAttempts}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.deliveries.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">
                      <code>{d.eventType}</code>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(d.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[d.status] ?? 'gray'} variant="light">
                      {M.api.deliveryStatus[d.status] ?? d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {d.attempts.map((a) => (
                      <Text key={a.at} size="xs">
                        {M.api.attemptLine(formatDateTime(a.at), a.statusCode, a.error, a.durationMs)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={confirmRotate} onClose={() => setConfirmRotate(false)} title={M.api.rotateSecret}>
        <Stack gap="md">
          <Text size="sm">{M.api.rotateConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRotate(false)}>
              {M.api.close}
            </Button>
            <Button loading={rotate.isPending} onClick={() => void doRotate()}>
              {M.api.rotateSecret}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ShownOnce title={M.api.secretTitle} note={M.api.secretShownOnce} value={secret} onClose={() => setSecret(null)} />
    </SectionCard>
  );
}
