// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/admin';
import { CreditEditor } from '../../client/features/admin/credits/CreditEditor';
import { UserEditModal } from '../../client/features/admin/users/UserEditModal';
import type { RouterOutputs } from '../../client/lib/trpc';

// Issue 38 item 13: a typed balance is applied only after a confirmation that states the
// difference ("+41 kredi") and takes the reason the seller reads; the two status badges are labelled.

const EMAIL = 'satici@example.com';
const ID = '00000000-0000-4000-8000-000000000009';

it('"Güncelle" asks first with the difference; cancelling changes nothing; confirming sends the balance and the reason', async () => {
  const server = fakeServer({
    'admin.credits.set': (input) => ({ email: input.email, oldBalance: 9, balance: input.balance, changed: true }),
  });
  renderWithApp(<CreditEditor email={EMAIL} balance={9} cap={10_000} />, server);
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: M.adminCredits.balanceInput(EMAIL) });
  await user.clear(input);
  await user.type(input, '50');
  await user.click(screen.getByRole('button', { name: M.adminCredits.apply }));

  let dialog = await screen.findByRole('dialog', { name: M.adminCredits.confirmTitle });
  expect(within(dialog).getByTestId('credit-difference').textContent).toBe('+41 kredi');
  expect(dialog.textContent).toContain(M.adminCredits.confirmText(EMAIL, '9', '50'));
  await user.click(within(dialog).getByRole('button', { name: M.common.cancel }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(server.inputs('admin.credits.set')).toEqual([]);

  await user.type(input, '{Enter}');
  dialog = await screen.findByRole('dialog', { name: M.adminCredits.confirmTitle });
  await user.type(
    within(dialog).getByRole('textbox', { name: new RegExp(M.adminCredits.reasonLabel.replace(/[()]/g, '\\$&')) }),
    'Kargo telafisi',
  );
  await user.click(within(dialog).getByRole('button', { name: M.adminCredits.confirmButton('+41 kredi') }));
  await waitFor(() => expect(server.inputs('admin.credits.set')).toEqual([{ email: EMAIL, balance: 50, reason: 'Kargo telafisi' }]));
});

type UserAnswer = RouterOutputs['admin']['users']['get'];

it('the edit window labels its two badges and confirms a balance change with its difference before saving', async () => {
  const row = {
    id: ID,
    email: EMAIL,
    fullName: 'Ayşe Satıcı',
    companyName: null,
    phone: null,
    balance: 9,
    unlimited: false,
    planCode: 'basic',
    expiresAt: null,
    disabled: false,
    active: true,
    lastSignInAt: null,
    profileUpdatedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
  const server = fakeServer({
    'admin.users.get': () =>
      ({ user: row, generations: { total: 0, images: 0, videos: 0 }, maxCreditsPerUser: 10_000 }) as unknown as UserAnswer,
    'admin.users.update': (input) => ({ user: { ...row, balance: input.balance }, credit: null, endedSessions: [] }) as never,
    'admin.apiKeys.usage': () => ({ keys: [], requests: 0, runs: 0, credits: 0, webhookUrl: null }) as never,
  });
  renderWithApp(<UserEditModal userId={ID} onClose={() => {}} />, server);
  const user = userEvent.setup();
  const edit = await screen.findByRole('dialog', { name: M.adminUsers.editTitle });
  await within(edit).findByText(M.adminUsers.accountBadge(M.adminUsers.statusActive));
  expect(within(edit).getByText(M.adminUsers.creditBadge(M.adminUsers.creditHas))).toBeTruthy();
  expect(M.adminUsers.accountBadge(M.adminUsers.statusActive)).not.toBe(M.adminUsers.creditBadge(M.adminUsers.creditHas));

  const balance = within(edit).getByRole('textbox', { name: new RegExp(M.adminUsers.balanceLabel) });
  await user.tripleClick(balance);
  await user.keyboard('50');
  await waitFor(() => expect((balance as HTMLInputElement).value).toBe('50'));
  await user.click(within(edit).getByRole('button', { name: M.common.save }));
  const confirm = await screen.findByRole('dialog', { name: M.adminCredits.confirmTitle });
  expect(within(confirm).getByTestId('credit-difference').textContent).toBe('+41 kredi');
  expect(server.inputs('admin.users.update')).toEqual([]);
  await user.click(within(confirm).getByRole('button', { name: M.adminCredits.confirmButton('+41 kredi') }));
  await waitFor(() => expect(server.inputs('admin.users.update')).toHaveLength(1));
  expect(server.inputs('admin.users.update')[0]).toMatchObject({ id: ID, balance: 50, balanceBefore: 9, reason: '' });
});
