import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { formatCredits } from '../../credits/formatCredits';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { usePollWhileOffline } from '../common/ConnectionBadge';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { CreditsCell, PersonCell } from '../common/cells';
import { DataTable } from '../../common/DataTable';
import { CreditStatusBadge } from '../common/StatusBadges';
import { CreditEditor } from './CreditEditor';

const creditsText = M.adminCredits;
const PAGE_SIZE = 25;

/** /admin/credits: search, inline balance editing, +10 / -10. */
export default function AdminCreditsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const refetchInterval = usePollWhileOffline(30);
  const query = trpc.admin.credits.list.useQuery(
    { search: debounced, page, pageSize: PAGE_SIZE },
    { refetchInterval, placeholderData: (p) => p },
  );
  const data = query.data;
  const cap = data?.maxCreditsPerUser ?? 0;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={M.admin.navCredits} subtitle={creditsText.subtitle} />
      <Paper withBorder p="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 260px', maxWidth: 480 }}
            aria-label={creditsText.searchPlaceholder}
            placeholder={creditsText.searchPlaceholder}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          {data && (
            <Text size="sm" c="dimmed">
              {creditsText.capNote(formatNumber(cap))}
            </Text>
          )}
        </Group>
      </Paper>

      <QueryView query={query} error={M.admin.usersLoadFailed}>
        <DataTable
          rows={data?.items}
          rowKey={(u) => u.id}
          minWidth={860}
          empty={creditsText.empty}
          rowProps={(u) => ({ 'data-testid': 'admin-credit-row', 'data-email': u.email })}
          columns={[
            {
              key: 'user',
              header: creditsText.colUser,
              cell: (u) => <PersonCell name={u.fullName} detail={u.email} />,
            },
            {
              key: 'balance',
              header: creditsText.colBalance,
              cell: (u) => <CreditsCell balance={u.balance} testId="admin-credit-balance" />,
            },
            {
              key: 'plan',
              header: creditsText.colPlan,
              cell: (u) => <Text size="sm">{u.planCode ? (M.credits.planNames[u.planCode] ?? u.planCode) : '—'}</Text>,
            },
            { key: 'updated', header: creditsText.colUpdated, cell: (u) => <Text size="sm">{formatDateTime(u.updatedAt)}</Text> },
            {
              key: 'actions',
              header: creditsText.colActions,
              align: 'right',
              cell: (u) => <CreditEditor email={u.email} balance={u.balance} cap={cap} />,
            },
          ]}
          cardProps={() => ({ 'data-testid': 'admin-credit-card' })}
          card={(u) => (
            <>
              <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {u.fullName}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {u.email}
                  </Text>
                </div>
                <Stack gap={4} align="flex-end">
                  <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatCredits(u.balance)}
                  </Text>
                  <CreditStatusBadge balance={u.balance} />
                </Stack>
              </Group>
              <CreditEditor email={u.email} balance={u.balance} cap={cap} />
            </>
          )}
          pager={
            data && { page: data.page, pageCount: data.pageCount, total: M.adminUsers.total(formatNumber(data.total)), onChange: setPage }
          }
        />
      </QueryView>
    </Stack>
  );
}
