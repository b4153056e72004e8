import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { formatCredits } from '../../credits/formatCredits';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConnectionBadge, usePollWhileOffline } from '../common/ConnectionBadge';
import { formatDateTime, formatNumber, formatShortDate } from '../../../lib/format';
import { CreditsCell, PersonCell } from '../common/cells';
import { DataTable } from '../../common/DataTable';
import { CreditStatusBadge, UserStatusBadge } from '../common/StatusBadges';
import { UserEditModal } from './UserEditModal';
import { useUserFilters, type CreditFilter, type StatusFilter } from './useUserFilters';

const usersText = M.adminUsers;
const POLL_SECONDS = 10;
const PAGE_SIZE = 20;
type Row = RouterOutputs['admin']['users']['list']['items'][number];

/** /admin/users: searchable, filterable, paged table; `Düzenle` opens the docs/decisions.md D21 form. */
export default function AdminUsersPage() {
  const f = useUserFilters();
  const [editing, setEditing] = useState<string | null>(null);
  const refetchInterval = usePollWhileOffline(POLL_SECONDS);
  const query = trpc.admin.users.list.useQuery(
    { search: f.debounced, status: f.status, credit: f.credit, page: f.page, pageSize: PAGE_SIZE },
    { refetchInterval, placeholderData: (prev) => prev },
  );
  const data = query.data;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={M.admin.navUsers} subtitle={usersText.subtitle} actions={<ConnectionBadge pollSeconds={POLL_SECONDS} />} />
      <Paper withBorder p="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            style={{ flex: '1 1 260px' }}
            aria-label={usersText.searchPlaceholder}
            placeholder={usersText.searchPlaceholder}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            value={f.search}
            onChange={(e) => f.setSearch(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label={usersText.statusLabel}
            value={f.status}
            onChange={(v) => f.setStatus(v as StatusFilter)}
            data={[
              { value: 'all', label: usersText.statusAll },
              { value: 'active', label: usersText.statusActive },
              { value: 'passive', label: usersText.statusPassive },
              { value: 'disabled', label: usersText.statusDisabled },
            ]}
          />
          <Select
            w={{ base: '100%', sm: 170 }}
            aria-label={usersText.creditLabel}
            value={f.credit}
            onChange={(v) => f.setCredit((v ?? 'all') as CreditFilter)}
            data={[
              { value: 'all', label: usersText.creditAll },
              { value: 'has', label: usersText.creditHas },
              { value: 'none', label: usersText.creditNone },
            ]}
          />
        </Group>
      </Paper>

      <QueryView query={query} error={M.admin.usersLoadFailed}>
        <DataTable
          rows={data?.items}
          rowKey={(u) => u.id}
          minWidth={900}
          highlightOnHover
          empty={usersText.empty}
          rowProps={() => ({ 'data-testid': 'admin-user-row' })}
          columns={[
            {
              key: 'user',
              header: usersText.colUser,
              cell: (u) => <PersonCell name={u.fullName} detail={u.email} />,
            },
            {
              key: 'company',
              header: usersText.colCompany,
              cell: (u) => (
                <>
                  <Text size="sm">{u.companyName || '—'}</Text>
                  {u.phone && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {u.phone}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: 'credits',
              header: usersText.colCredits,
              cell: (u) => <CreditsCell balance={u.balance} />,
            },
            { key: 'status', header: usersText.colStatus, cell: (u) => <UserStatusBadge active={u.active} disabled={u.disabled} /> },
            {
              key: 'joined',
              header: usersText.colJoined,
              nowrap: true,
              cell: (u) => <Text size="sm">{formatShortDate(u.createdAt)}</Text>,
            },
            {
              key: 'lastSignIn',
              header: usersText.colLastSignIn,
              nowrap: true,
              cell: (u) => <Text size="sm">{u.lastSignInAt ? formatDateTime(u.lastSignInAt) : usersText.never}</Text>,
            },
            { key: 'actions', header: usersText.colActions, align: 'right', cell: (u) => <EditButton row={u} onEdit={setEditing} /> },
          ]}
          cardProps={() => ({ 'data-testid': 'admin-user-card' })}
          card={(u) => <UserCard row={u} onEdit={setEditing} />}
          pager={
            data && { page: data.page, pageCount: data.pageCount, total: usersText.total(formatNumber(data.total)), onChange: f.setPage }
          }
        />
      </QueryView>
      <UserEditModal userId={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** A user on a phone: name, e-mail, company, status, credits and the edit button. */
function UserCard({ row: u, onEdit }: { row: Row; onEdit: (id: string) => void }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {u.fullName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {u.email}
          </Text>
          {u.companyName && (
            <Text size="sm" truncate>
              {u.companyName}
            </Text>
          )}
        </div>
        <UserStatusBadge active={u.active} disabled={u.disabled} />
      </Group>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Text size="sm" fw={600}>
            {formatCredits(u.balance)}
          </Text>
          <CreditStatusBadge balance={u.balance} />
        </Group>
        <EditButton row={u} onEdit={onEdit} />
      </Group>
    </>
  );
}

function EditButton({ row, onEdit }: { row: Row; onEdit: (id: string) => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEdit size={14} stroke={1.8} />}
      onClick={() => onEdit(row.id)}
      aria-label={usersText.editLabel(row.email)}
    >
      {usersText.edit}
    </Button>
  );
}
