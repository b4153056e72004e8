// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { InvoiceDetailsCard } from '../../client/features/app/billing/InvoiceDetailsCard';

// Issue 38 item 3: the invoice-details form a package button leads to says which package it is for
// and what it costs, before the seller types anything.

function AtPlan({ plan }: { plan: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    if (params.get('plan') !== plan) void navigate(`/?plan=${plan}`);
  }, [navigate, params, plan]);
  return <InvoiceDetailsCard />;
}

it('names the waiting package, its credits and its price', async () => {
  renderWithApp(
    <AtPlan plan="standard" />,
    fakeServer({
      'auth.me': () => ({ user: SELLER }),
      'content.site': () => SITE,
      'payments.invoiceDetails': () => null,
      'payments.options': () => ({
        provider: 'test',
        currency: 'TRY',
        kdvRate: 20,
        prices: { basic: 299000, standard: 679000, premium: 1499000 },
        testMode: true,
      }),
    }),
  );
  const alert = await screen.findByTestId('details-first');
  const line = await within(alert).findByText(/₺6\.790/);
  expect(line.textContent).toBe(M.payments.detailsFor(M.credits.planNames.standard!, '180 kredi', '₺6.790', M.plans.priceSuffix(true)));
  expect(line.textContent).toContain('Standart');
  expect(alert.textContent).toContain(M.payments.detailsFirst);
});
