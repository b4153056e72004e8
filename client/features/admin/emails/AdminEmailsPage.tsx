import { ActionIcon, Alert, Badge, Code, Group, Modal, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { EMAIL_STATUSES } from '../../../../shared/schemas/accounts';
import { trpc } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { DataTable } from '../../common/DataTable';

const emailsText = M.adminEmails;
const STATUS_COLOR: Record<string, string> = { queued: 'gray', sending: 'brand', sent: 'teal', failed: 'red' };
const PAGE_SIZE = 30;

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" radius="sm" tt="none" color={STATUS_COLOR[status] ?? 'gray'} style={{ flexShrink: 0, overflow: 'visible' }}>
      {emailsText.status[status] ?? status}
    </Badge>
  );
}

/** /admin/emails ("E-postalar"): the outbox. Without SMTP_URL this is where messages can be read. */
export default function AdminEmailsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = trpc.admin.emails.list.useQuery(
    { search: debounced || null, status: status === 'all' ? null : (status as (typeof EMAIL_STATUSES)[number]), page, pageSize: PAGE_SIZE },
    { placeholderData: (p) => p, refetchInterval: 10_000 },
  );
  const detail = trpc.admin.emails.get.useQuery({ id: openId ?? '' }, { enabled: !!openId });
  const data = query.data;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={emailsText.nav} subtitle={emailsText.subtitle} />
      {data && (
        <Alert color={data.transport === 'log' ? 'orange' : 'teal'} variant="light" icon={<IconInfoCircle size={18} />}>
          {data.transport === 'log' ? emailsText.noSmtp : emailsText.smtpOn}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            w={{ base: '100%', xs: 320 }}
            aria-label={emailsText.search}
            placeholder={emailsText.search}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <SegmentedControl
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            aria-label={emailsText.statusFilter}
            data={[
              { value: 'all', label: emailsText.allStatuses },
              ...EMAIL_STATUSES.map((s) => ({ value: s, label: emailsText.status[s] })),
            ]}
          />
        </Group>
      </Paper>
      <QueryView query={query} error={M.admin.actionFailed}>
        <DataTable
          rows={data?.items}
          rowKey={(m) => m.id}
          minWidth={820}
          highlightOnHover
          empty={emailsText.empty}
          rowProps={() => ({ 'data-testid': 'admin-email-row' })}
          columns={[
            { key: 'date', header: emailsText.colDate, nowrap: true, cell: (m) => formatDateTime(m.createdAt) },
            {
              key: 'to',
              header: emailsText.colTo,
              cell: (m) => (
                <Text size="sm" truncate maw={220}>
                  {m.to}
                </Text>
              ),
            },
            {
              key: 'subject',
              header: emailsText.colSubject,
              cell: (m) => (
                <Text size="sm" truncate maw={260}>
                  {m.subject}
                </Text>
              ),
            },
            { key: 'kind', header: emailsText.colKind, cell: (m) => <Text size="sm">{emailsText.kinds[m.kind] ?? m.kind}</Text> },
            {
              key: 'status',
              header: emailsText.colStatus,
              width: 150,
              cell: (m) => (
                <Stack gap={2} align="flex-start">
                  <StatusBadge status={m.status} />
                  {m.transport && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {emailsText.transport[m.transport] ?? m.transport}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              key: 'open',
              align: 'right',
              cell: (m) => (
                <ActionIcon variant="subtle" aria-label={`${emailsText.detailTitle}: ${m.subject}`} onClick={() => setOpenId(m.id)}>
                  <IconEye size={16} />
                </ActionIcon>
              ),
            },
          ]}
          pager={
            data && {
              page: data.page,
              pageCount: Math.max(1, Math.ceil(data.total / PAGE_SIZE)),
              total: M.adminLogs.total(formatNumber(data.total)),
              onChange: setPage,
            }
          }
        />
      </QueryView>
      <Modal
        opened={!!openId}
        onClose={() => setOpenId(null)}
        title={detail.data?.subject ?? emailsText.detailTitle}
        size="xl"
        centered
        radius="lg"
      >
        {detail.data && (
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <StatusBadge status={detail.data.status} />
              <Text size="sm">{detail.data.to}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(detail.data.createdAt)} · {emailsText.attempts(detail.data.attempts)}
              </Text>
            </Group>
            {detail.data.lastError && (
              <Alert color="red" variant="light" title={emailsText.lastError}>
                {detail.data.lastError}
              </Alert>
            )}
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {detail.data.text}
            </Code>
            {detail.data.attachments.length > 0 && (
              <Text size="sm">
                {emailsText.attachments}: {detail.data.attachments.join(', ')}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
