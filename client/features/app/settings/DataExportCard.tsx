import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { toastServerError } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { formatLongDateTime } from '../../../lib/format';

const accountDataText = M.accountData;

/** "Verilerimi indir" (KVKK m. 11): a zip prepared in the background, downloadable for 24 hours. */
export function DataExportCard() {
  const utils = trpc.useUtils();
  const status = trpc.auth.exportStatus.useQuery(undefined, {
    // While it is being prepared, look again every 2 s.
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'processing') ? 2000 : false),
  });
  const request = trpc.auth.requestExport.useMutation({
    onSuccess: (data) => utils.auth.exportStatus.setData(undefined, data),
    onError: toastServerError,
  });
  const s = status.data;
  const busy = s?.status === 'queued' || s?.status === 'processing';

  return (
    <Card>
      <Group gap="sm" mb="sm">
        <ThemeIcon variant="light" size={36} radius="md">
          <IconDatabaseExport size={20} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {accountDataText.exportTitle}
        </Title>
      </Group>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {accountDataText.exportDesc}
        </Text>
        {busy && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{accountDataText.exportPreparing}</Text>
          </Group>
        )}
        {s?.status === 'ready' && s.expiresAt && (
          <Alert color="teal" icon={<IconDownload size={18} />} role="status">
            <Stack gap={6} align="flex-start">
              <span>{accountDataText.exportReady(formatLongDateTime(s.expiresAt))}</span>
              <Anchor href={`/api/exports/${s.id}`} download="verilerim.zip" fw={600}>
                {accountDataText.exportDownload}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {s?.status === 'failed' && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {accountDataText.exportFailed}
          </Alert>
        )}
        {s?.status === 'expired' && (
          <Text size="sm" c="dimmed">
            {accountDataText.exportExpired}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconDatabaseExport size={18} stroke={1.7} />}
            loading={request.isPending}
            disabled={busy}
            onClick={() => request.mutate()}
          >
            {accountDataText.exportButton}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
