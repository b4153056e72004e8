import { Card, Group, Progress, Skeleton, Text, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { formatMegabytes } from '../../../../shared/megabytes';
import { trpc } from '../../../lib/trpc';

/** The seller's photo storage: space used of the quota, and how long unused photos are kept. */
export function StorageCard() {
  const text = M.fairShare;
  const usage = trpc.auth.storageUsage.useQuery(undefined, { staleTime: 0 });
  const data = usage.data;
  const percent = data && data.quotaBytes > 0 ? Math.min(100, (data.usedBytes / data.quotaBytes) * 100) : 0;
  return (
    <Card mt="lg" data-testid="storage-card">
      <Title order={3} fz="lg">
        {text.storageTitle}
      </Title>
      {data ? (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {text.storageDesc(data.retentionDays)}
          </Text>
          <Progress
            value={percent}
            color={percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'brand'}
            size="lg"
            aria-label={text.storageTitle}
          />
          <Group justify="flex-end" mt="xs">
            <Text size="sm" data-testid="storage-used">
              {text.storageUsed(formatMegabytes(data.usedBytes), formatMegabytes(data.quotaBytes))}
            </Text>
          </Group>
        </>
      ) : usage.isError ? (
        <Text size="sm" c="red" mt="sm">
          {text.storageLoadFailed}
        </Text>
      ) : (
        <Skeleton height={40} mt="sm" />
      )}
    </Card>
  );
}
