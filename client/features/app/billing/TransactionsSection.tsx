import {
  ActionIcon,
  Box,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileZip, IconMovie, IconPhotoAi, IconPlugConnectedX, IconReceiptOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import type { RouterOutputs } from '../../../lib/trpc';
import { formatCents, formatNumber, formatDateTime, formatSigned } from '../../../lib/format';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from './billingQueries';
import { useInvoiceDownloads } from './invoiceDownload';
import { TypeBadge } from './TypeBadge';

type Tx = RouterOutputs['credits']['transactions']['items'][number];
type Downloads = ReturnType<typeof useInvoiceDownloads>;

function Credits({ amount }: { amount: number }) {
  return (
    <Text
      size="sm"
      fw={700}
      c={amount > 0 ? 'teal.9' : amount < 0 ? 'red.9' : 'dimmed'}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid="tx-credits"
    >
      {M.credits.amount(formatSigned(amount))}
    </Text>
  );
}

function money(tx: Tx): string {
  return tx.amountPaidCents != null ? formatCents(tx.amountPaidCents, tx.currency) : '—';
}

function InvoiceButton({ tx, downloads, compact }: { tx: Tx; downloads: Downloads; compact?: boolean }) {
  if (!tx.invoiceNumber) return null;
  const label = M.billing.downloadInvoiceLabel(tx.invoiceNumber);
  if (compact) {
    return (
      <Tooltip label={label}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={label}
          loading={downloads.busy === tx.id}
          disabled={!!downloads.busy && downloads.busy !== tx.id}
          onClick={() => void downloads.one(tx.id, tx.invoiceNumber!)}
        >
          <IconDownload size={18} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} stroke={1.8} />}
      aria-label={label}
      loading={downloads.busy === tx.id}
      disabled={!!downloads.busy && downloads.busy !== tx.id}
      onClick={() => void downloads.one(tx.id, tx.invoiceNumber!)}
    >
      {tx.invoiceNumber}
    </Button>
  );
}

function TransactionsTable({ items, downloads }: { items: Tx[]; downloads: Downloads }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.billing.colDate}</Table.Th>
            <Table.Th>{M.billing.colDescription}</Table.Th>
            <Table.Th>{M.billing.colType}</Table.Th>
            <Table.Th ta="right">{M.billing.colCredits}</Table.Th>
            <Table.Th ta="right">{M.billing.colAmount}</Table.Th>
            <Table.Th ta="right">{M.billing.colInvoice}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((tx) => (
            <Table.Tr key={tx.id} data-testid="tx-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" c="dimmed">
                  {formatDateTime(tx.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={2}>
                  {tx.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <TypeBadge type={tx.type} />
              </Table.Td>
              <Table.Td ta="right">
                <Credits amount={tx.amount} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text
                  size="sm"
                  fw={tx.amountPaidCents != null ? 600 : 400}
                  c={tx.amountPaidCents != null ? undefined : 'dimmed'}
                  data-testid="tx-amount"
                >
                  {money(tx)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <InvoiceButton tx={tx} downloads={downloads} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TransactionCards({ items, downloads }: { items: Tx[]; downloads: Downloads }) {
  return (
    <Stack gap="sm">
      {items.map((tx) => (
        <Paper key={tx.id} withBorder p="sm" radius="md" data-testid="tx-card">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Box miw={0}>
              <Text size="sm" fw={600} lineClamp={2}>
                {tx.description}
              </Text>
              <Text size="xs" c="dimmed" mt={2}>
                {formatDateTime(tx.createdAt)}
              </Text>
            </Box>
            <Credits amount={tx.amount} />
          </Group>
          <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <TypeBadge type={tx.type} />
              {tx.amountPaidCents != null && (
                <Text size="sm" fw={600}>
                  {money(tx)}
                </Text>
              )}
            </Group>
            <InvoiceButton tx={tx} downloads={downloads} compact />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" data-testid="tx-loading">
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} justify="space-between" wrap="nowrap">
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="45%" />
            <Skeleton h={10} w="25%" />
          </Stack>
          <Skeleton h={20} w={70} />
        </Group>
      ))}
    </Stack>
  );
}

function EmptyState() {
  return (
    <Center py="xl" data-testid="tx-empty">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconReceiptOff size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={700}>{M.billing.emptyTitle}</Text>
        <Text size="sm" c="dimmed">
          {M.billing.emptyText}
        </Text>
        <Group gap="sm" justify="center" mt="xs">
          <Button component={Link} to="/app/generate-image" leftSection={<IconPhotoAi size={16} stroke={1.7} />}>
            {M.nav.generateImage}
          </Button>
          <Button component={Link} to="/app/generate-video" variant="light" leftSection={<IconMovie size={16} stroke={1.7} />}>
            {M.nav.generateVideo}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <Center py="xl" data-testid="tx-error">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconPlugConnectedX size={24} stroke={1.7} />
        </ThemeIcon>
        <Text>{M.billing.loadFailed}</Text>
        <Button variant="light" onClick={onRetry}>
          {M.common.retry}
        </Button>
      </Stack>
    </Center>
  );
}

/** Credit movements with paging, per-purchase PDF invoices and `Tümünü indir`. */
export function TransactionsSection({ hasPurchases }: { hasPurchases: boolean }) {
  const [page, setPage] = useState(1);
  const query = useTransactions(page);
  const downloads = useInvoiceDownloads();
  const data = query.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  const canZip = hasPurchases || items.some((t) => t.invoiceNumber);
  const from = (page - 1) * TRANSACTIONS_PAGE_SIZE + 1;
  const to = Math.min(total, page * TRANSACTIONS_PAGE_SIZE);

  return (
    <Card>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg">
          {M.billing.transactionsTitle}
        </Title>
        <Tooltip label={M.billing.noInvoices} disabled={canZip}>
          <span>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileZip size={15} stroke={1.7} />}
              disabled={!canZip || (!!downloads.busy && downloads.busy !== 'all')}
              loading={downloads.busy === 'all'}
              onClick={() => void downloads.all()}
            >
              {M.invoice.downloadAll}
            </Button>
          </span>
        </Tooltip>
      </Group>

      {query.isPending ? (
        <LoadingRows />
      ) : query.isError && !data ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : items.length === 0 && page === 1 ? (
        <EmptyState />
      ) : (
        <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms ease' }}>
          <Box visibleFrom="sm">
            <TransactionsTable items={items} downloads={downloads} />
          </Box>
          <Box hiddenFrom="sm">
            <TransactionCards items={items} downloads={downloads} />
          </Box>
          {total > 0 && (
            <Group justify="space-between" mt="md" gap="sm">
              <Text size="xs" c="dimmed">
                {pages > 1
                  ? M.billing.range(formatNumber(from), formatNumber(to), formatNumber(total))
                  : M.billing.count(formatNumber(total))}
              </Text>
              {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} siblings={0} />}
            </Group>
          )}
        </Box>
      )}
    </Card>
  );
}
