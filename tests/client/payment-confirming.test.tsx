// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { act, screen } from '@testing-library/react';
import { getQueryKey } from '@trpc/react-query';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { queryClient } from '../../client/lib/queryClient';
import { trpc } from '../../client/lib/trpc';
import { PaymentConfirming } from '../../client/features/app/billing/PaymentConfirming';

const CHECKOUT = '00000000-0000-4000-8000-0000000000cc';
const balance = (n: number, planCode = 'trial') => ({
  balance: n,
  unlimited: false,
  planCode,
  expiresAt: null,
  expired: false,
  lowBelow: 2,
});

it('back from iyzico before the credit: "ödeme onaylanıyor" with the live balance, then the paid message when credited', async () => {
  let paid = false;
  const server = fakeServer({
    'auth.me': () => ({ user: SELLER }),
    'content.site': () => SITE,
    'credits.balance': () => balance(paid ? 70 : 10, paid ? 'basic' : 'trial'),
    'payments.checkoutStatus': () => ({ paid }),
  });
  renderWithApp(<PaymentConfirming checkoutId={CHECKOUT} />, server);
  // Generous bounds for a loaded machine.
  const wait = { timeout: 10_000 };

  expect(await screen.findByText(M.payments.iyzicoConfirming, {}, wait)).toBeTruthy();
  expect(await screen.findByText(M.payments.iyzicoConfirmingBalance('10'), {}, wait)).toBeTruthy();
  expect(screen.queryByText(M.payments.iyzicoPaid)).toBeNull();
  expect(server.inputs('payments.checkoutStatus')[0]).toEqual({ id: CHECKOUT });

  // The purchase is credited: the live feed brings the new balance, the page asks again.
  paid = true;
  act(() => {
    queryClient.setQueryData(getQueryKey(trpc.credits.balance, undefined, 'query'), balance(70, 'basic'));
  });
  expect(await screen.findByText(M.payments.iyzicoPaid, {}, wait)).toBeTruthy();
  expect(screen.queryByText(M.payments.iyzicoConfirming)).toBeNull();
});
