// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/admin';
import AdminWebhooksPage from '../../client/features/admin/webhooks/AdminWebhooksPage';

const ID = '00000000-0000-4000-8000-0000000000ee';

function event(matched: boolean, retryable: boolean) {
  return {
    id: ID,
    eventKey: 'iyzico:subscription.order.success:ord-1',
    provider: 'iyzico',
    eventType: 'subscription.order.success',
    matched,
    retryable,
    userId: null,
    userEmail: null,
    summary: {
      email: 'satici@example.com',
      plan: 'basic',
      amountCents: 299000,
      currency: 'TRY',
      paymentRef: 'iyzico:order:ord-1',
      problem: 'plan_mismatch' as const,
    },
    createdAt: '2026-11-25T10:00:00.000Z',
  };
}

it('an unmatched payment has a retry button; its answer is shown and the log is read again', async () => {
  let retried = false;
  const server = fakeServer({
    'admin.webhooks.list': () => ({ events: [event(retried, !retried)], ledger: [] }),
    'admin.webhooks.retry': () => {
      retried = true;
      return { outcome: 'credited' };
    },
  });
  renderWithApp(<AdminWebhooksPage />, server);
  // Generous bounds: role and text queries over the full page are slow on a loaded machine.
  const wait = { timeout: 10_000 };
  const button = (await screen.findByText(M.adminWebhooks.retry, {}, wait)).closest('button')!;
  expect(button.getAttribute('aria-label')).toBe(M.adminWebhooks.retryLabel('iyzico:subscription.order.success:ord-1'));
  await userEvent.setup().click(button);

  expect(await screen.findByText(M.adminWebhooks.retryOutcomes.credited!, {}, wait)).toBeTruthy();
  expect(server.inputs('admin.webhooks.retry')).toEqual([{ id: ID }]);
  expect(await screen.findByText(M.adminWebhooks.matched, {}, wait)).toBeTruthy();
  expect(screen.queryByText(M.adminWebhooks.retry)).toBeNull();
  expect(server.inputs('admin.webhooks.list').length).toBe(2);
});

it('a matched payment, or an old unmatched one without a stored payment, has no retry button', async () => {
  const server = fakeServer({ 'admin.webhooks.list': () => ({ events: [event(false, false)], ledger: [] }) });
  renderWithApp(<AdminWebhooksPage />, server);
  expect(await screen.findByText(M.adminWebhooks.unmatched, {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByText(M.adminWebhooks.retry)).toBeNull();
});
