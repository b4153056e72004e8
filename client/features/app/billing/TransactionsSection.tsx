import { ActionIcon, Box, Button, Card, Center, Group, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconFileZip, IconMovie, IconPhotoAi, IconReceiptOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import type { RouterOutputs } from '../../../lib/trpc';
import { formatCents, formatNumber, formatDateTime, formatSigned } from '../../../lib/format';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../../common/billingQueries';
import { useInvoiceDownloads } from '../../common/invoiceDownload';
import { TypeBadge } from './TypeBadge';
import { ledgerText } from '../../../../shared/ledger-text';
import { DataTable, type DataColumn } from '../../common/DataTable';
import { QueryView } from '../../common/QueryView';

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

/** One purchase or movement on a phone: what, when, credits; type, amount and its invoice below. */
function TransactionCard({ tx, downloads }: { tx: Tx; downloads: Downloads }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Box miw={0}>
          <Text size="sm" fw={600} lineClamp={2}>
            {ledgerText(tx)}
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
    </>
  );
}

function columns(downloads: Downloads): DataColumn<Tx>[] {
  return [
    {
      key: 'date',
      header: M.billing.colDate,
      nowrap: true,
      cell: (tx) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(tx.createdAt)}
        </Text>
      ),
    },
    {
      key: 'description',
      header: M.billing.colDescription,
      cell: (tx) => (
        <Text size="sm" fw={500} lineClamp={2}>
          {ledgerText(tx)}
        </Text>
      ),
    },
    { key: 'type', header: M.billing.colType, cell: (tx) => <TypeBadge type={tx.type} /> },
    { key: 'credits', header: M.billing.colCredits, align: 'right', cell: (tx) => <Credits amount={tx.amount} /> },
    {
      key: 'amount',
      header: M.billing.colAmount,
      align: 'right',
      nowrap: true,
      cell: (tx) => (
        <Text
          size="sm"
          fw={tx.amountPaidCents != null ? 600 : 400}
          c={tx.amountPaidCents != null ? undefined : 'dimmed'}
          data-testid="tx-amount"
        >
          {money(tx)}
        </Text>
      ),
    },
    { key: 'invoice', header: M.billing.colInvoice, align: 'right', cell: (tx) => <InvoiceButton tx={tx} downloads={downloads} /> },
  ];
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

      <QueryView query={query} error={M.billing.loadFailed}>
        {query.isPending ? (
          <LoadingRows />
        ) : (
          <DataTable
            bare
            rows={items}
            rowKey={(tx) => tx.id}
            columns={columns(downloads)}
            minWidth={720}
            highlightOnHover
            cardsBelow="sm"
            stale={query.isPlaceholderData}
            empty={<EmptyState />}
            rowProps={() => ({ 'data-testid': 'tx-row' })}
            card={(tx) => <TransactionCard tx={tx} downloads={downloads} />}
            cardProps={() => ({ 'data-testid': 'tx-card' })}
            pager={
              total > 0
                ? {
                    page,
                    pageCount: pages,
                    total:
                      pages > 1
                        ? M.billing.range(formatNumber(from), formatNumber(to), formatNumber(total))
                        : M.billing.count(formatNumber(total)),
                    onChange: setPage,
                  }
                : undefined
            }
          />
        )}
      </QueryView>
    </Card>
  );
}
