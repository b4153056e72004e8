import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc, useRealtimeEpoch, type RouterOutputs } from '../../../lib/trpc';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { toastInfo, toastSuccess } from '../../../lib/toast';
import { QueryView } from '../../common/QueryView';
import { DataTable, type DataColumn } from '../../common/DataTable';
import type { TDeliveryState } from '../../../../shared/schemas/admin-jobs';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { ConnectionBadge, usePollWhileOffline } from '../common/ConnectionBadge';
import { toastAdminError } from '../common/errors';

const jobsText = M.adminJobs;
type Jobs = RouterOutputs['admin']['jobs']['overview'];
type FailedRun = Jobs['failed'][number];
type Seller = FailedRun['seller'];

/** A burst of changes (a batch of 20 queued at once) causes one read of the view. */
const REFRESH_DELAY_MS = 500;
/** E-mails and webhook deliveries publish no live events: read again this often anyway. */
const OUTBOX_POLL_MS = 15_000;
const POLL_OFFLINE_S = 10;

const sellerText = (s: Seller) => s.email ?? jobsText.deletedSeller;
const providerText = (p: string) => jobsText.providers[p] ?? p;

/**
 * Reads the view again whenever a run changes state (`admin.jobs.onChange`), at most once per
 * REFRESH_DELAY_MS: the same live path as the dashboard (the bus, in process or over NOTIFY).
 */
function JobsLive() {
  const epoch = useRealtimeEpoch();
  return <JobsSubscription key={epoch} />;
}

function JobsSubscription() {
  const utils = trpc.useUtils();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  trpc.admin.jobs.onChange.useSubscription(undefined, {
    onData: () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void utils.admin.jobs.overview.invalidate();
      }, REFRESH_DELAY_MS);
    },
  });
  return null;
}

/** The e-mail outbox and the webhook deliveries count the same three states. */
const outboxItems = (c: { queued: number; sending: number; failed: number }) => [
  { key: 'queued', value: c.queued },
  { key: 'sending', value: c.sending, color: 'brand' },
  { key: 'failed', value: c.failed, color: 'red' },
];

function CountCard({ title, items }: { title: string; items: Array<{ key: string; value: number; color?: string }> }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} fz="sm" c="dimmed">
          {title}
        </Title>
        <Group gap="lg" wrap="wrap">
          {items.map((i) => (
            <Stack key={i.key} gap={0} data-testid={`jobs-count-${title}-${i.key}`}>
              <Text fz={24} fw={700} c={i.value > 0 ? i.color : undefined}>
                {formatNumber(i.value)}
              </Text>
              <Text size="xs" c="dimmed">
                {jobsText.state[i.key] ?? i.key}
              </Text>
            </Stack>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The admin retries a failed run: asked first, free of charge (docs/decisions.md D53), audited by the server. */
function RetryButton({ run }: { run: FailedRun }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const retry = trpc.admin.jobs.retry.useMutation({
    onSuccess: ({ outcome }) => {
      if (outcome === 'retried') toastSuccess(jobsText.retried);
      else toastInfo(jobsText.notFailed);
      setConfirming(false);
      void utils.admin.jobs.overview.invalidate();
    },
    onError: (err) => {
      setConfirming(false);
      toastAdminError(err, M.admin.actionFailed);
    },
  });
  if (run.notRetryable) {
    return (
      <Text size="xs" c="dimmed">
        {jobsText.notRetryable[run.notRetryable]}
      </Text>
    );
  }
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        aria-label={jobsText.retryLabel(sellerText(run.seller))}
        onClick={() => setConfirming(true)}
      >
        {jobsText.retry}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={jobsText.retryTitle}
        message={jobsText.retryText}
        confirmLabel={jobsText.retryConfirm}
        danger={false}
        loading={retry.isPending}
        onConfirm={() => retry.mutate({ id: run.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function StatusBadge({ status }: { status: TDeliveryState['status'] }) {
  const failed = status === 'failed';
  return (
    <Badge variant="light" radius="sm" tt="none" color={failed ? 'red' : 'orange'}>
      {failed ? jobsText.given_up : jobsText.retrying}
    </Badge>
  );
}

/** /admin/jobs ("İşler", issue 35 item 5): the queues, the runs in flight, what failed and what is failing. */
/** The delivery columns the webhook and e-mail tables share: status, attempt, last error, next attempt. */
function deliveryColumns<Row extends TDeliveryState>(): Array<DataColumn<Row>> {
  return [
    { key: 'status', header: jobsText.colStatus, cell: (r) => <StatusBadge status={r.status} /> },
    { key: 'attempts', header: jobsText.colAttempt, cell: (r) => r.attempts },
    { key: 'error', header: jobsText.colLastError, cell: (r) => r.lastError ?? '—' },
    { key: 'next', header: jobsText.colNext, nowrap: true, cell: (r) => (r.nextAttemptAt ? formatDateTime(r.nextAttemptAt) : '—') },
  ];
}

export default function AdminJobsPage() {
  const poll = usePollWhileOffline(POLL_OFFLINE_S);
  const query = trpc.admin.jobs.overview.useQuery(undefined, { refetchInterval: poll || OUTBOX_POLL_MS });
  const data: Jobs | undefined = query.data;

  return (
    <Stack gap="lg" maw={1280}>
      <JobsLive />
      <AdminPageHeader title={jobsText.nav} subtitle={jobsText.subtitle} actions={<ConnectionBadge pollSeconds={POLL_OFFLINE_S} />} />
      <QueryView query={query} error={M.admin.actionFailed}>
        {data && (
          <Stack gap="xl">
            <Section title={jobsText.countsTitle}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <CountCard
                  title={jobsText.runs}
                  items={[
                    { key: 'queued', value: data.counts.runs.queued },
                    { key: 'processing', value: data.counts.runs.processing, color: 'brand' },
                    { key: 'completed24h', value: data.counts.runs.completed24h, color: 'teal' },
                    { key: 'failed24h', value: data.counts.runs.failed24h, color: 'red' },
                  ]}
                />
                <CountCard title={jobsText.emails} items={outboxItems(data.counts.emails)} />
                <CountCard title={jobsText.webhooks} items={outboxItems(data.counts.webhooks)} />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {jobsText.updatedAt(formatDateTime(data.at))}
              </Text>
            </Section>

            <Section title={jobsText.processingTitle}>
              <DataTable
                rows={data.processing}
                rowKey={(r) => r.id}
                minWidth={760}
                empty={jobsText.processingEmpty}
                rowProps={(r) => ({ 'data-testid': 'jobs-processing-row', 'data-run': r.id })}
                columns={[
                  { key: 'seller', header: jobsText.colSeller, cell: (r) => sellerText(r.seller) },
                  { key: 'type', header: jobsText.colType, cell: (r) => jobsText.types[r.type] },
                  { key: 'provider', header: jobsText.colProvider, cell: (r) => providerText(r.provider) },
                  {
                    key: 'started',
                    header: jobsText.colStarted,
                    nowrap: true,
                    cell: (r) => (r.startedAt ? formatDateTime(r.startedAt) : '—'),
                  },
                  {
                    key: 'attempt',
                    header: jobsText.colAttempt,
                    cell: (r) =>
                      r.leaseExpired ? (
                        <Tooltip label={jobsText.leaseExpired}>
                          <Badge color="orange" variant="light" radius="sm">
                            {r.attempt}
                          </Badge>
                        </Tooltip>
                      ) : (
                        r.attempt
                      ),
                  },
                  {
                    key: 'progress',
                    header: jobsText.colProgress,
                    width: 140,
                    cell: (r) => <Progress value={r.progress} aria-label={`${jobsText.colProgress}: ${r.progress}%`} />,
                  },
                ]}
              />
            </Section>

            <Section title={jobsText.failedTitle}>
              <DataTable
                rows={data.failed}
                rowKey={(r) => r.id}
                minWidth={900}
                empty={jobsText.failedEmpty}
                rowProps={(r) => ({ 'data-testid': 'jobs-failed-row', 'data-run': r.id })}
                columns={[
                  { key: 'date', header: jobsText.colFailedAt, nowrap: true, cell: (r) => formatDateTime(r.failedAt) },
                  { key: 'seller', header: jobsText.colSeller, cell: (r) => sellerText(r.seller) },
                  {
                    key: 'type',
                    header: jobsText.colType,
                    cell: (r) => `${jobsText.types[r.type]} · ${providerText(r.provider)}`,
                  },
                  {
                    key: 'reason',
                    header: jobsText.colReason,
                    cell: (r) => (
                      <Text size="sm" maw={320}>
                        {r.reason ?? jobsText.noReason}
                      </Text>
                    ),
                  },
                  {
                    key: 'refund',
                    header: jobsText.colRefund,
                    cell: (r) => (
                      // Never narrower than its words: a squeezed column cut it to "İad…".
                      <Badge variant="light" radius="sm" tt="none" miw="max-content" color={r.refunded ? 'teal' : 'gray'}>
                        {r.refunded ? jobsText.refunded(r.creditsRefunded) : jobsText.notRefunded}
                      </Badge>
                    ),
                  },
                  { key: 'retry', align: 'right', cell: (r) => <RetryButton run={r} /> },
                ]}
              />
            </Section>

            <Section title={jobsText.webhooksTitle}>
              <DataTable
                rows={data.webhooks}
                rowKey={(r) => r.id}
                minWidth={820}
                empty={jobsText.webhooksEmpty}
                columns={[
                  { key: 'seller', header: jobsText.colSeller, cell: (r) => sellerText(r.seller) },
                  { key: 'event', header: jobsText.colEvent, cell: (r) => r.eventType },
                  { key: 'host', header: jobsText.colReceiver, cell: (r) => r.host },
                  ...deliveryColumns(),
                ]}
              />
            </Section>

            <Section title={jobsText.emailsTitle}>
              <DataTable
                rows={data.emails}
                rowKey={(r) => r.id}
                minWidth={820}
                empty={jobsText.emailsEmpty}
                columns={[
                  { key: 'to', header: jobsText.colTo, cell: (r) => r.to },
                  { key: 'kind', header: jobsText.colKind, cell: (r) => M.adminEmails.kinds[r.kind] ?? r.kind },
                  ...deliveryColumns(),
                ]}
              />
            </Section>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
