import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import { ApiKeyModeBadge } from '../../common/ApiKeyModeBadge';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { toastServerError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';

const U = M.api.usage;

/** A seller's API usage on the admin's user page (keys with their requests, runs and credits); a key can be revoked (audited). */
export function ApiUsageSection({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const usage = trpc.admin.apiKeys.usage.useQuery({ id: userId }, { staleTime: 0 });
  const revoke = trpc.admin.apiKeys.revoke.useMutation();
  const data = usage.data;
  if (!data) return usage.isError ? <Text c="red">{M.api.loadFailed}</Text> : null;
  const active = data.keys.filter((k) => !k.revokedAt).length;

  const revokeKey = async (id: string) => {
    try {
      await revoke.mutateAsync({ id });
      toastSuccess(M.api.revoked);
      await utils.admin.apiKeys.usage.invalidate({ id: userId });
    } catch (err) {
      toastServerError(err);
    }
  };

  return (
    <Stack gap="xs" data-testid="admin-api-usage">
      <Title order={4} fz="md">
        {U.title}
      </Title>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <Text span c="dimmed">
            {U.keys}:
          </Text>{' '}
          {formatNumber(active)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {U.runs}:
          </Text>{' '}
          {formatNumber(data.runs)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {U.credits}:
          </Text>{' '}
          {formatNumber(data.credits)}
        </Text>
      </Group>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        <Text span c="dimmed">
          {U.webhook}:
        </Text>{' '}
        {data.webhookUrl ?? '—'}
      </Text>
      {data.keys.length === 0 && (
        <Text size="sm" c="dimmed">
          {U.noKeys}
        </Text>
      )}
      {data.keys.map((k) => (
        <Group key={k.id} justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" truncate>
                {k.name} · <code>{k.prefix}…</code>
              </Text>
              <ApiKeyModeBadge mode={k.mode} size="sm" />
            </Group>
            <Text size="xs" c="dimmed">
              {U.keyLine(formatNumber(k.requestCount), formatNumber(k.runs), formatNumber(k.credits))} · {U.lastUsed}:{' '}
              {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : M.api.never}
            </Text>
          </div>
          {k.revokedAt ? (
            <Badge color="gray" variant="light">
              {U.revokedBadge}
            </Badge>
          ) : (
            <Button size="xs" variant="subtle" color="red" loading={revoke.isPending} onClick={() => void revokeKey(k.id)}>
              {M.api.revoke}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
