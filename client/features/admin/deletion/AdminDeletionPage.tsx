import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { toastServerError, toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { formatDateTime } from '../../../lib/format';
import { DataTable } from '../common/DataTable';

type Request = RouterOutputs['admin']['deletion']['list'][number];
const D = M.adminDeletion;
const STATUS_COLOR: Record<string, string> = { pending: 'orange', completed: 'gray', rejected: 'teal' };

/** /admin/deletion: sellers' deletion requests (D32). Carrying one out is final and audited. */
export default function AdminDeletionPage() {
  const [filter, setFilter] = useState<'pending' | 'done' | 'all'>('pending');
  const [confirm, setConfirm] = useState<Request | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.admin.deletion.list.useQuery({ status: filter });
  const refresh = () => void utils.admin.deletion.list.invalidate();
  const execute = trpc.admin.deletion.execute.useMutation({
    onSuccess: () => {
      toastSuccess(D.deleted);
      setConfirm(null);
      refresh();
    },
    onError: toastServerError,
  });
  const reject = trpc.admin.deletion.reject.useMutation({
    onSuccess: () => {
      toastSuccess(D.rejected);
      refresh();
    },
    onError: toastServerError,
  });

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={D.nav} subtitle={D.subtitle} />
      <Paper withBorder p="sm">
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as typeof filter)}
          data={[
            { value: 'pending', label: D.filterPending },
            { value: 'done', label: D.filterDone },
            { value: 'all', label: D.filterAll },
          ]}
        />
      </Paper>
      {list.isError ? (
        <LoadError message={M.admin.actionFailed} onRetry={() => void list.refetch()} minHeight="30vh" />
      ) : (
        <DataTable
          rows={list.data}
          rowKey={(r) => r.id}
          minWidth={760}
          empty={D.empty}
          rowProps={() => ({ 'data-testid': 'deletion-row' })}
          columns={[
            { key: 'date', header: D.colDate, nowrap: true, cell: (r) => formatDateTime(r.createdAt) },
            {
              key: 'user',
              header: D.colUser,
              cell: (r) => (
                <>
                  <Text size="sm" fw={600}>
                    {r.status === 'completed' ? D.deletedUser : r.fullName}
                  </Text>
                  {r.status !== 'completed' && (
                    <Text size="xs" c="dimmed">
                      {r.email}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: 'reason',
              header: D.colReason,
              cell: (r) => (
                <Text size="sm" c={r.reason ? undefined : 'dimmed'} maw={320} lineClamp={2}>
                  {r.reason ?? '—'}
                </Text>
              ),
            },
            {
              key: 'status',
              header: D.colStatus,
              width: 140,
              cell: (r) => (
                <Badge variant="light" radius="sm" tt="none" color={STATUS_COLOR[r.status]} style={{ flexShrink: 0, overflow: 'visible' }}>
                  {D.status[r.status]}
                </Badge>
              ),
            },
            {
              key: 'actions',
              align: 'right',
              cell: (r) =>
                r.status === 'pending' && (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" leftSection={<IconX size={14} />} loading={reject.isPending && reject.variables?.id === r.id} onClick={() => reject.mutate({ id: r.id })}>
                      {D.reject}
                    </Button>
                    <Button size="xs" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirm(r)}>
                      {D.execute}
                    </Button>
                  </Group>
                ),
            },
          ]}
        />
      )}
      <ConfirmModal
        opened={!!confirm}
        onClose={() => setConfirm(null)}
        title={D.confirmTitle}
        message={confirm ? D.confirmText(confirm.email) : ''}
        confirmLabel={D.execute}
        loading={execute.isPending}
        onConfirm={() => confirm && execute.mutate({ id: confirm.id })}
      />
    </Stack>
  );
}
