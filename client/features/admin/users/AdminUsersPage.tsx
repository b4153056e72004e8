import { Button, Card, Group, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { formatCredits } from '../../credits/formatCredits';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConnectionBadge, usePollWhileOffline } from '../common/ConnectionBadge';
import { formatDateTime, formatNumber, formatShortDate } from '../../../lib/format';
import { Pager } from '../common/Pager';
import { CreditStatusBadge, UserStatusBadge } from '../common/StatusBadges';
import { UserEditModal } from './UserEditModal';
import { useUserFilters, type CreditFilter, type StatusFilter } from './useUserFilters';

const U = M.adminUsers;
const POLL_SECONDS = 10;
const PAGE_SIZE = 20;
type Row = RouterOutputs['admin']['users']['list']['items'][number];

/** /admin/users: searchable, filterable, paged table; `Düzenle` opens the D21 form. */
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
      <AdminPageHeader title={M.admin.navUsers} subtitle={U.subtitle} actions={<ConnectionBadge pollSeconds={POLL_SECONDS} />} />
      <Paper withBorder p="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            style={{ flex: '1 1 260px' }}
            aria-label={U.searchPlaceholder}
            placeholder={U.searchPlaceholder}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            value={f.search}
            onChange={(e) => f.setSearch(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label={U.statusLabel}
            value={f.status}
            onChange={(v) => f.setStatus(v as StatusFilter)}
            data={[
              { value: 'all', label: U.statusAll },
              { value: 'active', label: U.statusActive },
              { value: 'passive', label: U.statusPassive },
              { value: 'disabled', label: U.statusDisabled },
            ]}
          />
          <Select
            w={{ base: '100%', sm: 170 }}
            aria-label={U.creditLabel}
            value={f.credit}
            onChange={(v) => f.setCredit((v ?? 'all') as CreditFilter)}
            data={[
              { value: 'all', label: U.creditAll },
              { value: 'has', label: U.creditHas },
              { value: 'none', label: U.creditNone },
            ]}
          />
        </Group>
      </Paper>

      {query.isError && !data ? (
        <LoadError message={M.admin.usersLoadFailed} onRetry={() => void query.refetch()} minHeight="30vh" />
      ) : (
        <>
          <Card padding={0} visibleFrom="md">
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{U.colUser}</Table.Th>
                    <Table.Th>{U.colCompany}</Table.Th>
                    <Table.Th>{U.colCredits}</Table.Th>
                    <Table.Th>{U.colStatus}</Table.Th>
                    <Table.Th>{U.colJoined}</Table.Th>
                    <Table.Th>{U.colLastSignIn}</Table.Th>
                    <Table.Th ta="right">{U.colActions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data?.items.map((u) => (
                    <Table.Tr key={u.id} data-testid="admin-user-row">
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {u.fullName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {u.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{u.companyName || '—'}</Text>
                        {u.phone && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {u.phone}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={8} wrap="nowrap">
                          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                            {formatCredits(u.balance)}
                          </Text>
                          <CreditStatusBadge balance={u.balance} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <UserStatusBadge active={u.active} disabled={u.disabled} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatShortDate(u.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{u.lastSignInAt ? formatDateTime(u.lastSignInAt) : U.never}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <EditButton row={u} onEdit={setEditing} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data && data.items.length === 0 && (
              <Text c="dimmed" ta="center" py="xl">
                {U.empty}
              </Text>
            )}
          </Card>

          <Stack gap="sm" hiddenFrom="md">
            {data?.items.map((u) => (
              <Card key={u.id} padding="md" data-testid="admin-user-card">
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
                  <EditButton row={u} onEdit={setEditing} />
                </Group>
              </Card>
            ))}
            {data && data.items.length === 0 && (
              <Text c="dimmed" ta="center" py="xl">
                {U.empty}
              </Text>
            )}
          </Stack>

          {data && <Pager page={data.page} pageCount={data.pageCount} total={U.total(formatNumber(data.total))} onChange={f.setPage} />}
        </>
      )}
      <UserEditModal userId={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function EditButton({ row, onEdit }: { row: Row; onEdit: (id: string) => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconEdit size={14} stroke={1.8} />} onClick={() => onEdit(row.id)} aria-label={U.editLabel(row.email)}>
      {U.edit}
    </Button>
  );
}
