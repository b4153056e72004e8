import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { QUICK_ADJUST_STEP } from '../../../../shared/schemas/admin';
import { toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { UNLIMITED_BALANCE } from '../../../../shared/constants';
import { toastAdminError } from '../common/errors';
import { formatNumber } from '../../../lib/format';
import { ConfirmCreditChange, type PendingCreditChange } from '../common/ConfirmCreditChange';

const creditsText = M.adminCredits;

/** Inline balance editing (min 0, capped) with the +10 / -10 quick buttons (docs/product.md §2, §5, §9). */
export function CreditEditor({ email, balance, cap }: { email: string; balance: number; cap: number }) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState<number | string>(balance);
  // A balance that changes underneath (live refresh, another admin) replaces the field's value,
  // during render (React's "adjusting state when a prop changes"), not in an effect.
  const [shown, setShown] = useState(balance);
  if (balance !== shown) {
    setShown(balance);
    setValue(balance);
  }

  const onDone = (r: { balance: number }) => {
    setValue(r.balance);
    toastSuccess(M.admin.creditUpdated(r.balance >= UNLIMITED_BALANCE ? '∞' : formatNumber(r.balance)));
    void utils.admin.credits.list.invalidate();
    void utils.admin.users.invalidate();
    void utils.admin.dashboard.invalidate();
  };
  const onFail = (err: unknown) => {
    setValue(balance);
    toastAdminError(err, M.admin.creditUpdateFailed);
  };
  const set = trpc.admin.credits.set.useMutation({
    onSuccess: (r) => {
      setPending(null);
      onDone(r);
    },
    onError: (err) => {
      setPending(null);
      onFail(err);
    },
  });
  // A typed balance waits for the confirmation that states its difference (issue 38 item 13).
  const [pending, setPending] = useState<PendingCreditChange | null>(null);
  const adjust = trpc.admin.credits.adjust.useMutation({ onSuccess: onDone, onError: onFail });
  const busy = set.isPending || adjust.isPending;
  const max = Math.max(cap, balance);
  const next = typeof value === 'number' ? value : Number.NaN;
  const dirty = Number.isInteger(next) && next !== balance;

  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button
        variant="light"
        color="red"
        size="sm"
        px={10}
        aria-label={creditsText.removeLabel(email)}
        disabled={busy || balance <= 0 || balance >= UNLIMITED_BALANCE}
        onClick={() => adjust.mutate({ email, delta: -QUICK_ADJUST_STEP })}
      >
        −{QUICK_ADJUST_STEP}
      </Button>
      <NumberInput
        w={96}
        aria-label={creditsText.balanceInput(email)}
        value={value}
        onChange={setValue}
        min={0}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        disabled={busy}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && dirty) setPending({ email, from: balance, to: next });
        }}
      />
      <Button
        variant="light"
        color="teal"
        size="sm"
        px={10}
        aria-label={creditsText.addLabel(email)}
        disabled={busy || balance >= cap}
        onClick={() => adjust.mutate({ email, delta: QUICK_ADJUST_STEP })}
      >
        +{QUICK_ADJUST_STEP}
      </Button>
      <Button
        size="sm"
        variant={dirty ? 'filled' : 'default'}
        disabled={!dirty}
        loading={set.isPending}
        onClick={() => setPending({ email, from: balance, to: next })}
      >
        {creditsText.apply}
      </Button>
      <ConfirmCreditChange
        change={pending}
        busy={set.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => pending && set.mutate({ email, balance: pending.to, reason })}
      />
    </Group>
  );
}
