import { Button, Divider, Group, Modal, NumberInput, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { UNLIMITED_BALANCE } from '../../../../shared/constants';
import { ZAdminUserUpdate, type TAdminUserUpdate } from '../../../../shared/schemas/admin';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { formatDateTime, formatNumber, formatShortDate } from '../../../lib/format';
import { CreditStatusBadge, UserStatusBadge } from '../common/StatusBadges';
import { ApiUsageSection } from './ApiUsageSection';
import { ConfirmCreditChange, type PendingCreditChange } from '../common/ConfirmCreditChange';

const usersText = M.adminUsers;

/** docs/decisions.md D21 `Düzenle`: name, company, phone, credit balance (0 … cap) and the disabled switch. */
export function UserEditModal({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.users.get.useQuery({ id: userId ?? '' }, { enabled: !!userId, staleTime: 0 });
  const update = trpc.admin.users.update.useMutation();
  const form = useForm<TAdminUserUpdate>({
    mode: 'controlled',
    initialValues: { id: '', fullName: '', companyName: '', phone: '', balance: 0, balanceBefore: 0, disabled: false },
    validate: zod4Resolver(ZAdminUserUpdate),
  });

  const user = query.data?.user;
  const cap = query.data?.maxCreditsPerUser ?? UNLIMITED_BALANCE;
  useEffect(() => {
    if (!user) return;
    const values = {
      id: user.id,
      fullName: user.fullName,
      companyName: user.companyName ?? '',
      phone: user.phone ?? '',
      balance: user.balance,
      balanceBefore: user.balance,
      disabled: user.disabled,
    };
    form.setValues(values);
    form.resetDirty(values);
    // Only when a (different) user's data arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, query.dataUpdatedAt]);

  // A changed balance waits for the confirmation that states its difference (issue 38 item 13).
  const [pending, setPending] = useState<{ values: typeof form.values; change: PendingCreditChange } | null>(null);
  const submit = form.onSubmit((values) => {
    if (user && values.balance !== values.balanceBefore) {
      setPending({ values, change: { email: user.email, from: values.balanceBefore ?? user.balance, to: values.balance } });
      return;
    }
    void save(values);
  });

  const save = async (values: typeof form.values, reason?: string) => {
    const parsed = ZAdminUserUpdate.safeParse({ ...values, reason });
    setPending(null);
    if (!parsed.success) return;
    try {
      await update.mutateAsync(parsed.data);
      toastSuccess(usersText.saved);
      void utils.admin.users.invalidate();
      void utils.admin.credits.list.invalidate();
      void utils.admin.dashboard.invalidate();
      onClose();
    } catch (err) {
      showFormServerError(form, err, M.admin.saveFailed);
    }
  };

  const maxBalance = Math.max(cap, user?.balance ?? 0);
  return (
    <Modal opened={!!userId} onClose={onClose} title={usersText.editTitle} size="lg" centered radius="lg">
      {!user ? (
        query.isError ? (
          <Text c="red">{M.admin.usersLoadFailed}</Text>
        ) : (
          <Stack>
            <Skeleton h={48} />
            <Skeleton h={180} />
          </Stack>
        )
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {user.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {usersText.joined}: {formatShortDate(user.createdAt)} · {usersText.lastSignIn}:{' '}
                  {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : usersText.never}
                </Text>
              </div>
              <Group gap={6}>
                <UserStatusBadge active={user.active} disabled={user.disabled} />
                <CreditStatusBadge balance={user.balance} />
              </Group>
            </Group>
            <Group gap="lg" wrap="wrap">
              <Text size="sm">
                <Text span c="dimmed">
                  {usersText.plan}:
                </Text>{' '}
                {user.planCode ? (M.credits.planNames[user.planCode] ?? user.planCode) : '—'}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  {usersText.expires}:
                </Text>{' '}
                {user.expiresAt ? formatShortDate(user.expiresAt) : '—'}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  {usersText.generations}:
                </Text>{' '}
                {formatNumber(query.data!.generations.total)}
              </Text>
            </Group>
            <Divider />
            <ApiUsageSection userId={user.id} />
            <Divider />
            <TextInput label={M.auth.fullName} withAsterisk {...form.getInputProps('fullName')} />
            <Group grow gap="md" wrap="wrap" align="flex-start">
              <TextInput label={M.auth.company} {...form.getInputProps('companyName')} />
              <TextInput label={M.auth.phone} type="tel" {...form.getInputProps('phone')} />
            </Group>
            <NumberInput
              label={usersText.balanceLabel}
              description={usersText.balanceHint(formatNumber(cap))}
              min={0}
              max={maxBalance}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              rightSection={
                <Text size="xs" c="dimmed">
                  {M.common.credits}
                </Text>
              }
              rightSectionWidth={52}
              {...form.getInputProps('balance')}
              onChange={(v) => form.setFieldValue('balance', typeof v === 'number' ? v : 0)}
            />
            <Switch
              label={usersText.disabledLabel}
              description={usersText.disabledHint}
              color="red"
              {...form.getInputProps('disabled', { type: 'checkbox' })}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                {M.common.cancel}
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                {M.common.save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmCreditChange
        change={pending?.change ?? null}
        busy={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => pending && void save(pending.values, reason)}
      />
    </Modal>
  );
}
