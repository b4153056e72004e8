import { Alert, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { M } from '../../../../shared/messages/app';
import { formatNumber } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { useCreditBalance } from '../../credits/useCreditBalance';

/**
 * Back from iyzico before the payment was credited: "ödeme onaylanıyor" with the live balance.
 * Each balance change (the live feed) asks whether this checkout is now credited; when it is,
 * the paid message replaces the waiting one.
 */
export function PaymentConfirming({ checkoutId }: { checkoutId: string }) {
  const { balance } = useCreditBalance();
  const status = trpc.payments.checkoutStatus.useQuery({ id: checkoutId }, { staleTime: 0, retry: false });
  const balanceKey = balance ? `${balance.balance}:${balance.unlimited}:${balance.planCode ?? ''}` : null;
  const { refetch } = status;
  useEffect(() => {
    if (balanceKey !== null) void refetch();
  }, [balanceKey, refetch]);

  if (status.data?.paid) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} data-testid="payment-paid">
        {M.payments.iyzicoPaid}
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<Loader size={18} />} title={M.payments.iyzicoConfirming} data-testid="payment-confirming">
      <Text size="sm">{M.payments.iyzicoConfirmingBody}</Text>
      {balance && !balance.unlimited && (
        <Text size="sm" fw={600} mt={4}>
          {M.payments.iyzicoConfirmingBalance(formatNumber(balance.balance))}
        </Text>
      )}
    </Alert>
  );
}
