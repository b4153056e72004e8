// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { TransactionsSection } from '../../client/features/app/billing/TransactionsSection';
import type { RouterOutputs } from '../../client/lib/trpc';

type Page = RouterOutputs['credits']['transactions'];
type Tx = Page['items'][number];

function tx(over: Partial<Tx> & Pick<Tx, 'id' | 'type' | 'amount' | 'description'>): Tx {
  return {
    planCode: null,
    amountPaidCents: null,
    currency: null,
    invoiceNumber: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

const PURCHASE = tx({
  id: 't1',
  type: 'purchase',
  amount: 60,
  description: 'Temel paket',
  planCode: 'basic',
  amountPaidCents: 149900,
  currency: 'TRY',
  invoiceNumber: 'VTR2026000000001',
});
const USAGE = tx({ id: 't2', type: 'usage', amount: -1, description: M.credits.usageImage });

function server(answer: () => Page) {
  let reads = 0;
  const api = fakeServer({
    'auth.me': () => ({ user: SELLER }),
    'content.site': () => SITE,
    'credits.transactions': () => {
      reads++;
      return answer();
    },
  });
  return { api, reads: () => reads };
}

it('lists each movement with its credits, the amount paid and the invoice to download', async () => {
  const { api } = server(() => ({ items: [PURCHASE, USAGE], total: 2, page: 1, pageSize: 10 }));
  renderWithApp(<TransactionsSection hasPurchases />, api);
  const rows = await screen.findAllByTestId('tx-row');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByTestId('tx-credits').textContent).toBe('+60 kredi');
  expect(within(rows[0]!).getByTestId('tx-amount').textContent).toMatch(/1\.499/);
  expect(within(rows[0]!).getByRole('button', { name: M.billing.downloadInvoiceLabel('VTR2026000000001') })).toBeTruthy();
  expect(within(rows[1]!).getByTestId('tx-credits').textContent).toBe('−1 kredi'); // a true minus sign
  expect(within(rows[1]!).getByTestId('tx-amount').textContent).toBe('—');
  expect(screen.getByText(M.billing.count('2'))).toBeTruthy();
});

it('an account with no movements gets the empty state with the ways to start', async () => {
  const { api } = server(() => ({ items: [], total: 0, page: 1, pageSize: 10 }));
  renderWithApp(<TransactionsSection hasPurchases={false} />, api);
  expect((await screen.findAllByText(M.billing.emptyTitle)).length).toBeGreaterThan(0);
  expect(screen.queryAllByTestId('tx-row')).toHaveLength(0);
});

it('a failed load says so with a retry, and the retry shows the movements', async () => {
  let fail = true;
  const { api } = server(() => {
    if (fail) throw new Error('down');
    return { items: [USAGE], total: 1, page: 1, pageSize: 10 };
  });
  renderWithApp(<TransactionsSection hasPurchases={false} />, api);
  expect(await screen.findByText(M.billing.loadFailed, undefined, { timeout: 10_000 })).toBeTruthy();
  fail = false;
  await userEvent.setup().click(screen.getByRole('button', { name: M.common.retry }));
  expect(await screen.findAllByTestId('tx-row')).toHaveLength(1);
});
