import { Badge, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { PersonCell } from '../common/cells';
import { DataTable } from '../../common/DataTable';
import { LogDiff } from './LogDiff';

type Log = RouterOutputs['admin']['logs']['list']['items'][number];
const logsText = M.adminLogs;

const ACTION_COLOR: Record<string, string> = {
  credits: 'yellow',
  user: 'brand',
  message: 'orange',
  content: 'teal',
  portfolio: 'grape',
  testimonial: 'pink',
  settings: 'red',
  upload: 'gray',
};

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge variant="light" radius="sm" tt="none" color={ACTION_COLOR[action.split('.', 1)[0] ?? ''] ?? 'gray'}>
      {logsText.actions[action] ?? action}
    </Badge>
  );
}

/** What the entry is about: its type, and the e-mail, title, name or text key that identifies it. */
function target(log: Log): string {
  const label = logsText.targets[log.targetType] ?? log.targetType;
  const v = { ...(log.oldValues ?? {}), ...(log.newValues ?? {}) } as Record<string, unknown>;
  const key = typeof v.section === 'string' && typeof v.key === 'string' ? `${v.section}.${v.key}` : undefined;
  const name = (v.email ?? v.title ?? v.name ?? key ?? (log.targetType === 'file' ? log.targetId : undefined)) as string | undefined;
  return name ? `${label} · ${name}` : label;
}

function changedCount(log: Log): number {
  const keys = new Set([...Object.keys(log.oldValues ?? {}), ...Object.keys(log.newValues ?? {})]);
  keys.delete('email');
  return keys.size;
}

/** /admin/logs: every admin change, newest first, 50 per page, filterable by action. */
export default function AdminLogsPage() {
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Log | null>(null);
  const query = trpc.admin.logs.list.useQuery({ action, page }, { placeholderData: (p) => p, staleTime: 0 });
  const data = query.data;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={M.admin.navLogs} subtitle={logsText.subtitle} />
      <Paper withBorder p="sm">
        <Select
          w={{ base: '100%', xs: 280 }}
          aria-label={logsText.actionFilter}
          placeholder={logsText.allActions}
          clearable
          allowDeselect
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
          data={(data?.actions ?? []).map((a) => ({ value: a, label: logsText.actions[a] ?? a }))}
        />
      </Paper>
      <QueryView query={query} error={M.admin.logsLoadFailed}>
        <DataTable
          rows={data?.items}
          rowKey={(log) => log.id}
          minWidth={860}
          highlightOnHover
          empty={logsText.empty}
          rowProps={() => ({ 'data-testid': 'admin-log-row' })}
          columns={[
            { key: 'date', header: logsText.colDate, nowrap: true, cell: (log) => formatDateTime(log.createdAt) },
            {
              key: 'admin',
              header: logsText.colAdmin,
              cell: (log) => <PersonCell name={log.admin?.name || logsText.unknownAdmin} detail={log.admin?.email} />,
            },
            { key: 'action', header: logsText.colAction, cell: (log) => <ActionBadge action={log.action} /> },
            {
              key: 'target',
              header: logsText.colTarget,
              cell: (log) => (
                <Text size="sm" truncate maw={320}>
                  {target(log)}
                </Text>
              ),
            },
            {
              key: 'changes',
              header: logsText.colChanges,
              align: 'right',
              cell: (log) => (
                <Button size="xs" variant="subtle" leftSection={<IconEye size={14} />} onClick={() => setOpen(log)}>
                  {logsText.fieldsChanged(changedCount(log))}
                </Button>
              ),
            },
          ]}
          cardsBelow="sm"
          cardProps={() => ({ 'data-testid': 'admin-log-card' })}
          card={(log) => (
            <>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <ActionBadge action={log.action} />
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(log.createdAt)}
                </Text>
              </Group>
              <Text size="sm" mt={6} truncate>
                {target(log)}
              </Text>
              <Group justify="space-between" wrap="nowrap" mt={4}>
                <Text size="xs" c="dimmed" truncate>
                  {log.admin ? `${log.admin.name} · ${log.admin.email}` : logsText.unknownAdmin}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconEye size={14} />}
                  onClick={() => setOpen(log)}
                  style={{ flexShrink: 0 }}
                >
                  {logsText.fieldsChanged(changedCount(log))}
                </Button>
              </Group>
            </>
          )}
          pager={data && { page: data.page, pageCount: data.pageCount, total: logsText.total(formatNumber(data.total)), onChange: setPage }}
        />
      </QueryView>
      <Modal opened={!!open} onClose={() => setOpen(null)} title={logsText.detailTitle} size="xl" centered radius="lg">
        {open && (
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <ActionBadge action={open.action} />
              <Text size="sm">{target(open)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(open.createdAt)} · {open.admin ? `${open.admin.name} (${open.admin.email})` : logsText.unknownAdmin}
              {open.targetId ? ` · ${open.targetId}` : ''}
            </Text>
            <LogDiff oldValues={open.oldValues} newValues={open.newValues} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
