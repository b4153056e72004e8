import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/public';
import { ZPaymentsExportRange } from '../../../../shared/schemas/billing';
import { saveBlob } from '../../../lib/downloadBlob';
import { toastServerError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { dayKey } from '../../../lib/format';

const paymentsText = M.adminPayments;

/**
 * Issue 16 (docs/history.md): a period's payments with the buyers' invoice details as a CSV for the accountant's
 * e-Arşiv system (`admin.payments.export`). Defaults to the current month.
 */
export function PaymentsExportCard() {
  const utils = trpc.useUtils();
  const today = dayKey(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const range = ZPaymentsExportRange.safeParse({ from, to });
  const rangeError = range.success ? null : (range.error.issues[0]?.message ?? null);

  const download = async () => {
    if (!range.success) return;
    setBusy(true);
    try {
      const r = await utils.admin.payments.export.fetch(range.data, { staleTime: 0 });
      saveBlob(new Blob([r.csv], { type: 'text/csv;charset=utf-8' }), r.filename);
      toastSuccess(paymentsText.downloaded);
    } catch (err) {
      toastServerError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card padding="lg" data-testid="payments-export">
      <Group gap="sm" mb={4} wrap="nowrap">
        <IconFileSpreadsheet size={20} stroke={1.7} />
        <Title order={2} fz="md">
          {paymentsText.exportTitle}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {paymentsText.exportHint}
      </Text>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="date" label={paymentsText.from} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={paymentsText.to} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={rangeError} />
          <Button leftSection={<IconFileSpreadsheet size={16} />} loading={busy} disabled={!range.success} onClick={() => void download()}>
            {paymentsText.download}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
