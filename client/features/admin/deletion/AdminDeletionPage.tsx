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
import { PersonCell } from '../common/cells';
import { DataTable } from '../../common/DataTable';

type Request = RouterOutputs['admin']['deletion']['list'][number];
const deletionText = M.adminDeletion;
const STATUS_COLOR: Record<string, string> = { pending: 'orange', completed: 'gray', rejected: 'teal' };

/** /admin/deletion: sellers' deletion requests (docs/decisions.md D32). Carrying one out is final and audited. */
export default function AdminDeletionPage() {
  const [filter, setFilter] = useState<'pending' | 'done' | 'all'>('pending');
  const [confirm, setConfirm] = useState<Request | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.admin.deletion.list.useQuery({ status: filter });
  const refresh = () => void utils.admin.deletion.list.invalidate();
  const execute = trpc.admin.deletion.execute.useMutation({
    onSuccess: () => {
      toastSuccess(deletionText.deleted);
      setConfirm(null);
      refresh();
    },
    onError: toastServerError,
  });
  const reject = trpc.admin.deletion.reject.useMutation({
    onSuccess: () => {
      toastSuccess(deletionText.rejected);
      refresh();
    },
    onError: toastServerError,
  });

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={deletionText.nav} subtitle={deletionText.subtitle} />
      <Paper withBorder p="sm">
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as typeof filter)}
          data={[
            { value: 'pending', label: deletionText.filterPending },
            { value: 'done', label: deletionText.filterDone },
            { value: 'all', label: deletionText.filterAll },
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
          empty={deletionText.empty}
          rowProps={() => ({ 'data-testid': 'deletion-row' })}
          columns={[
            { key: 'date', header: deletionText.colDate, nowrap: true, cell: (r) => formatDateTime(r.createdAt) },
            {
              key: 'user',
              header: deletionText.colUser,
              cell: (r) =>
                r.status === 'completed' ? (
                  <PersonCell name={deletionText.deletedUser} />
                ) : (
                  <PersonCell name={r.fullName} detail={r.email} />
                ),
            },
            {
              key: 'reason',
              header: deletionText.colReason,
              cell: (r) => (
                <Text size="sm" c={r.reason ? undefined : 'dimmed'} maw={320} lineClamp={2}>
                  {r.reason ?? '—'}
                </Text>
              ),
            },
            {
              key: 'status',
              header: deletionText.colStatus,
              width: 140,
              cell: (r) => (
                <Badge variant="light" radius="sm" tt="none" color={STATUS_COLOR[r.status]} style={{ flexShrink: 0, overflow: 'visible' }}>
                  {deletionText.status[r.status]}
                </Badge>
              ),
            },
            {
              key: 'actions',
              align: 'right',
              cell: (r) =>
                r.status === 'pending' && (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconX size={14} />}
                      loading={reject.isPending && reject.variables?.id === r.id}
                      onClick={() => reject.mutate({ id: r.id })}
                    >
                      {deletionText.reject}
                    </Button>
                    <Button size="xs" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirm(r)}>
                      {deletionText.execute}
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
        title={deletionText.confirmTitle}
        message={confirm ? deletionText.confirmText(confirm.email) : ''}
        confirmLabel={deletionText.execute}
        loading={execute.isPending}
        onConfirm={() => confirm && execute.mutate({ id: confirm.id })}
      />
    </Stack>
  );
}
