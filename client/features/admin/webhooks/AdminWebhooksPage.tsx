import { Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { ADMIN_WEBHOOK_LIMIT } from '../../../../shared/schemas/admin';
import { trpc } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { formatCents, formatDateTime, formatNumber } from '../../../lib/format';
import { PaymentsExportCard } from './PaymentsExportCard';

const W = M.adminWebhooks;

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } as const;

/** /admin/webhooks: processed webhook events and the credit ledger, 20 each, with a refresh button. */
export default function AdminWebhooksPage() {
  const query = trpc.admin.webhooks.list.useQuery(undefined, { staleTime: 0 });
  const data = query.data;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader
        title={M.admin.navWebhooks}
        subtitle={W.subtitle}
        actions={
          <Button variant="light" leftSection={<IconRefresh size={16} stroke={1.8} />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {W.refresh}
          </Button>
        }
      />
      <PaymentsExportCard />
      {query.isError && !data ? (
        <LoadError message={M.admin.webhooksLoadFailed} onRetry={() => void query.refetch()} minHeight="30vh" />
      ) : (
        <>
          <Card padding={0}>
            <Group justify="space-between" p="md" pb="xs">
              <Title order={2} fz="md">
                {W.eventsTitle}
              </Title>
              <Text size="xs" c="dimmed">
                {W.latest(ADMIN_WEBHOOK_LIMIT)}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="xs" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{W.colDate}</Table.Th>
                    <Table.Th>{W.colProvider}</Table.Th>
                    <Table.Th>{W.colEvent}</Table.Th>
                    <Table.Th>{W.colCustomer}</Table.Th>
                    <Table.Th>{W.colPlan}</Table.Th>
                    <Table.Th>{W.colAmount}</Table.Th>
                    <Table.Th>{W.colStatus}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data?.events.map((e) => (
                    <Table.Tr key={e.id} bg={e.matched ? undefined : 'var(--mantine-color-red-light)'} data-matched={e.matched}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</Table.Td>
                      <Table.Td>{M.billing.providerNames[e.provider] ?? e.provider}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.eventType}</Text>
                        {/* Full text colour on the tinted unmatched rows, where dimmed grey is too faint. */}
                        <Text style={mono} c={e.matched ? 'dimmed' : undefined}>
                          {e.eventKey}
                        </Text>
                      </Table.Td>
                      <Table.Td>{e.userEmail ?? e.summary?.email ?? '—'}</Table.Td>
                      <Table.Td>{e.summary?.plan ? (M.credits.planNames[e.summary.plan] ?? e.summary.plan) : '—'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.summary?.amountCents != null ? formatCents(e.summary.amountCents, e.summary.currency, true) : '—'}</Table.Td>
                      <Table.Td>
                        {e.matched ? (
                          e.summary?.problem ? (
                            <Tooltip label={W.problems[e.summary.problem]} multiline w={240}>
                              <Badge variant="light" color="orange" radius="sm" data-problem={e.summary.problem}>
                                {W.matched}
                              </Badge>
                            </Tooltip>
                          ) : (
                            <Badge variant="light" color="teal" radius="sm">
                              {W.matched}
                            </Badge>
                          )
                        ) : (
                          <Tooltip label={e.summary?.problem ? W.problems[e.summary.problem] : W.unmatchedHint} multiline w={240}>
                            <Badge variant="filled" color="red" radius="sm">
                              {W.unmatched}
                            </Badge>
                          </Tooltip>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data && data.events.length === 0 && (
              <Text c="dimmed" ta="center" py="lg">
                {W.eventsEmpty}
              </Text>
            )}
          </Card>

          <Card padding={0}>
            <Group justify="space-between" p="md" pb="xs">
              <Title order={2} fz="md">
                {W.ledgerTitle}
              </Title>
              <Text size="xs" c="dimmed">
                {W.latest(ADMIN_WEBHOOK_LIMIT)}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{W.colDate}</Table.Th>
                    <Table.Th>{W.colCustomer}</Table.Th>
                    <Table.Th ta="right">{W.colDelta}</Table.Th>
                    <Table.Th>{W.colReason}</Table.Th>
                    <Table.Th>{W.colRef}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data?.ledger.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.createdAt)}</Table.Td>
                      <Table.Td>{l.email ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" fw={600} c={l.delta > 0 ? 'teal.9' : l.delta < 0 ? 'red.9' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {l.delta > 0 ? '+' : ''}
                          {formatNumber(l.delta)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="gray" radius="sm" tt="none">
                          {W.reasons[l.reason] ?? l.reason}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text style={mono} c="dimmed" truncate maw={260}>
                          {l.ref ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data && data.ledger.length === 0 && (
              <Text c="dimmed" ta="center" py="lg">
                {W.ledgerEmpty}
              </Text>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
