import { trpc, useRealtimeEpoch } from '../../lib/trpc';
import { useSession } from '../auth/useSession';

/**
 * Keeps the `credits.balance` cache live from `credits.onChange` (current value first, then
 * every change), so every pill and card reading `useCreditBalance` updates at once. Mount once
 * per layout; without a socket the query itself (refetch on focus / after generations) is the
 * fallback.
 */
export function CreditsLiveSync() {
  const { user } = useSession();
  const epoch = useRealtimeEpoch();
  if (!user) return null;
  return <CreditsSubscription key={`${user.id}:${epoch}`} />;
}

function CreditsSubscription() {
  const utils = trpc.useUtils();
  trpc.credits.onChange.useSubscription(undefined, {
    onData: ({ data }) => {
      const current = utils.credits.balance.getData();
      if (!current) {
        void utils.credits.balance.invalidate();
        return;
      }
      if (current.balance === data.balance && current.unlimited === data.unlimited) return;
      // `expired` is a one-time signal of the read that zeroed the balance; a newer value is not it.
      utils.credits.balance.setData(undefined, { ...current, balance: data.balance, unlimited: data.unlimited, expired: false });
      // Plan and expiry may have changed with the balance (purchase, expiry): refresh them quietly.
      void utils.credits.balance.invalidate();
    },
  });
  return null;
}
