import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';
import { useCreditBalance } from '../credits/useCreditBalance';

/**
 * The balance is live (`credits.onChange` → `credits.balance`). Whenever it moves (purchase,
 * usage, refund, admin change), the figures derived from the same ledger — dashboard, billing
 * summary, transaction pages — are refetched so the money pages never contradict the pill.
 */
export function useMoneyDataSync(): void {
  const { balance } = useCreditBalance();
  const utils = trpc.useUtils();
  const last = useRef<string | null>(null);
  const key = balance ? `${balance.balance}:${balance.unlimited}:${balance.planCode ?? ''}:${balance.expiresAt ?? ''}` : null;

  useEffect(() => {
    if (key === null) return;
    const previous = last.current;
    last.current = key;
    if (previous === null || previous === key) return;
    void utils.credits.dashboard.invalidate();
    void utils.credits.billing.invalidate();
    void utils.credits.transactions.invalidate();
  }, [key, utils]);
}
