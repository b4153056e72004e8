import { Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { ADMIN_WEBHOOK_LIMIT } from '../../../../shared/schemas/admin';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { formatCents, formatDateTime, formatNumber } from '../../../lib/format';
import { toastInfo, toastServerError, toastSuccess } from '../../../lib/toast';
import { DataTable } from '../../common/DataTable';
import { PaymentsExportCard } from './PaymentsExportCard';

const webhooksText = M.adminWebhooks;
type WebhookEvent = RouterOutputs['admin']['webhooks']['list']['events'][number];

const mono = { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } as const;

/** /admin/webhooks: processed webhook events and the credit ledger, 20 each, with a refresh button. */
export default function AdminWebhooksPage() {
  const query = trpc.admin.webhooks.list.useQuery(undefined, { staleTime: 0 });
  const data = query.data;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader
        title={M.admin.navWebhooks}
        subtitle={webhooksText.subtitle}
        actions={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} stroke={1.8} />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {webhooksText.refresh}
          </Button>
        }
      />
      <PaymentsExportCard />
      <QueryView query={query} error={M.admin.webhooksLoadFailed}>
        <>
          <DataTable
            rows={data?.events}
            rowKey={(e) => e.id}
            minWidth={820}
            spacing="xs"
            caption={<SectionCaption title={webhooksText.eventsTitle} />}
            empty={webhooksText.eventsEmpty}
            rowProps={(e) => ({ bg: e.matched ? undefined : 'var(--mantine-color-red-light)', 'data-matched': e.matched })}
            columns={[
              { key: 'date', header: webhooksText.colDate, nowrap: true, cell: (e) => formatDateTime(e.createdAt) },
              { key: 'provider', header: webhooksText.colProvider, cell: (e) => M.billing.providerNames[e.provider] ?? e.provider },
              {
                key: 'event',
                header: webhooksText.colEvent,
                cell: (e) => (
                  <>
                    <Text size="sm">{e.eventType}</Text>
                    {/* Full text colour on the tinted unmatched rows, where dimmed grey is too faint. */}
                    <Text style={mono} c={e.matched ? 'dimmed' : undefined}>
                      {e.eventKey}
                    </Text>
                  </>
                ),
              },
              { key: 'customer', header: webhooksText.colCustomer, cell: (e) => e.userEmail ?? e.summary?.email ?? '—' },
              {
                key: 'plan',
                header: webhooksText.colPlan,
                cell: (e) => (e.summary?.plan ? (M.credits.planNames[e.summary.plan] ?? e.summary.plan) : '—'),
              },
              {
                key: 'amount',
                header: webhooksText.colAmount,
                nowrap: true,
                cell: (e) => (e.summary?.amountCents != null ? formatCents(e.summary.amountCents, e.summary.currency, true) : '—'),
              },
              { key: 'status', header: webhooksText.colStatus, cell: (e) => <EventStatus event={e} /> },
            ]}
          />

          <DataTable
            rows={data?.ledger}
            rowKey={(l) => l.id}
            minWidth={720}
            spacing="xs"
            caption={<SectionCaption title={webhooksText.ledgerTitle} />}
            empty={webhooksText.ledgerEmpty}
            columns={[
              { key: 'date', header: webhooksText.colDate, nowrap: true, cell: (l) => formatDateTime(l.createdAt) },
              { key: 'customer', header: webhooksText.colCustomer, cell: (l) => l.email ?? '—' },
              {
                key: 'delta',
                header: webhooksText.colDelta,
                align: 'right',
                cell: (l) => (
                  <Text
                    size="sm"
                    fw={600}
                    c={l.delta > 0 ? 'teal.9' : l.delta < 0 ? 'red.9' : 'dimmed'}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {l.delta > 0 ? '+' : ''}
                    {formatNumber(l.delta)}
                  </Text>
                ),
              },
              {
                key: 'reason',
                header: webhooksText.colReason,
                cell: (l) => (
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    {webhooksText.reasons[l.reason] ?? l.reason}
                  </Badge>
                ),
              },
              {
                key: 'ref',
                header: webhooksText.colRef,
                cell: (l) => (
                  <Text style={mono} c="dimmed" truncate maw={260}>
                    {l.ref ?? '—'}
                  </Text>
                ),
              },
            ]}
          />
        </>
      </QueryView>
    </Stack>
  );
}

/** A table's title and how many of the latest entries it shows. */
function SectionCaption({ title }: { title: string }) {
  return (
    <Group justify="space-between" p="md" pb="xs">
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {webhooksText.latest(ADMIN_WEBHOOK_LIMIT)}
      </Text>
    </Group>
  );
}

/** Matched (teal, orange with the problem when there is one) or unmatched (red, with why, and a retry when possible). */
function EventStatus({ event: e }: { event: WebhookEvent }) {
  if (!e.matched) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={e.summary?.problem ? webhooksText.problems[e.summary.problem] : webhooksText.unmatchedHint} multiline w={240}>
          <Badge variant="filled" color="red" radius="sm">
            {webhooksText.unmatched}
          </Badge>
        </Tooltip>
        {e.retryable && <RetryButton event={e} />}
      </Group>
    );
  }
  if (e.summary?.problem) {
    return (
      <Tooltip label={webhooksText.problems[e.summary.problem]} multiline w={240}>
        <Badge variant="light" color="orange" radius="sm" data-problem={e.summary.problem}>
          {webhooksText.matched}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge variant="light" color="teal" radius="sm">
      {webhooksText.matched}
    </Badge>
  );
}

/** Matches an unmatched payment again after its cause was fixed; the server credits it at most once. */
function RetryButton({ event: e }: { event: WebhookEvent }) {
  const utils = trpc.useUtils();
  const retry = trpc.admin.webhooks.retry.useMutation({
    onSuccess: ({ outcome }) => {
      const message = webhooksText.retryOutcomes[outcome] ?? outcome;
      if (outcome === 'credited' || outcome === 'already_credited') toastSuccess(message);
      else toastInfo(message);
      void utils.admin.webhooks.list.invalidate();
    },
    onError: toastServerError,
  });
  return (
    <Button
      size="compact-xs"
      variant="white"
      color="red"
      loading={retry.isPending}
      aria-label={webhooksText.retryLabel(e.eventKey)}
      onClick={() => retry.mutate({ id: e.id })}
    >
      {webhooksText.retry}
    </Button>
  );
}
