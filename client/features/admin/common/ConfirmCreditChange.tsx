import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { formatNumber, formatSigned } from '../../../lib/format';

const t = M.adminCredits;

export type PendingCreditChange = { email: string; from: number; to: number };

/**
 * Issue 38 item 13: a balance an admin typed is applied only after a confirmation that states the
 * difference ("+41 kredi") and takes the reason the seller will read beside "Yönetici düzeltmesi".
 */
export function ConfirmCreditChange({
  change,
  busy,
  onConfirm,
  onCancel,
}: {
  change: PendingCreditChange | null;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onCancel();
  };
  const diff = change ? change.to - change.from : 0;
  return (
    <Modal opened={!!change} onClose={close} title={t.confirmTitle} centered radius="lg" zIndex={400}>
      {change && (
        <Stack gap="md">
          <Text size="sm">{t.confirmText(change.email, formatNumber(change.from), formatNumber(change.to))}</Text>
          <Text fw={700} size="xl" c={diff > 0 ? 'teal.9' : 'red.9'} data-testid="credit-difference">
            {M.credits.amount(formatSigned(diff))}
          </Text>
          <TextInput
            label={t.reasonLabel}
            description={t.reasonHint}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {M.common.cancel}
            </Button>
            <Button
              loading={busy}
              onClick={() => {
                onConfirm(reason.trim());
                setReason('');
              }}
            >
              {t.confirmButton(M.credits.amount(formatSigned(diff)))}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
