import { Anchor, Box, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconDownload, IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { formatCents, formatDate } from '../../../lib/format';
import type { useBillingSummary } from '../../common/billingQueries';
import { useTransactions } from '../../common/billingQueries';
import { useInvoiceDownloads } from '../../common/invoiceDownload';
import { ledgerText } from '../../../../shared/ledger-text';
import classes from './Subscription.module.css';

const RECENT = 3;

/** The latest invoices (from the most recent 20 movements) and the way to /app/billing; an empty-state text otherwise. */
export function InvoicesCard({ summary }: { summary: ReturnType<typeof useBillingSummary> }) {
  const recent = useTransactions(1, 20);
  const downloads = useInvoiceDownloads();
  const invoices = (recent.data?.items ?? []).filter((t) => t.invoiceNumber).slice(0, RECENT);
  const spent = summary.data?.totalSpentCents ?? 0;
  const loading = (summary.isPending || recent.isPending) && !summary.isError;

  return (
    <Card data-testid="invoices-card">
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="teal" size={38} radius="md">
            <IconReceipt size={20} stroke={1.7} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {M.subscription.invoicesTitle}
          </Title>
        </Group>
        <Anchor component={Link} to="/app/billing" size="sm" fw={600}>
          <Group gap={4} wrap="nowrap">
            {M.subscription.invoicesLink}
            <IconArrowRight size={14} />
          </Group>
        </Anchor>
      </Group>

      {loading ? (
        <Stack gap="xs">
          <Skeleton h={14} w="60%" />
          <Skeleton h={14} w="40%" />
        </Stack>
      ) : invoices.length > 0 ? (
        <div>
          {invoices.map((tx) => (
            <Group key={tx.id} justify="space-between" wrap="nowrap" gap="sm" className={classes.invoiceRow} data-testid="invoice-row">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <IconFileInvoice size={20} stroke={1.6} style={{ flexShrink: 0 }} />
                <Box miw={0}>
                  <Text size="sm" fw={600} truncate>
                    {tx.invoiceNumber} · {tx.amountPaidCents != null ? formatCents(tx.amountPaidCents, tx.currency) : ''}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {formatDate(tx.createdAt)} · {ledgerText(tx)}
                  </Text>
                </Box>
              </Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                aria-label={M.billing.downloadInvoiceLabel(tx.invoiceNumber!)}
                loading={downloads.busy === tx.id}
                onClick={() => void downloads.one(tx.id, tx.invoiceNumber!)}
                style={{ flexShrink: 0 }}
              >
                {M.billing.downloadInvoice}
              </Button>
            </Group>
          ))}
        </div>
      ) : (
        <Text size="sm" c="dimmed" data-testid="invoices-empty">
          {spent > 0 ? M.subscription.invoicesMore : M.subscription.invoicesEmpty}
        </Text>
      )}
    </Card>
  );
}
