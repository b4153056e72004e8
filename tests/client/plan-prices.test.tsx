// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/public';
import { PLANS } from '../../shared/plans';
import { PlanCard } from '../../client/features/plans/PlanCard';
import { SETTING_DEFAULTS, getSettings } from '../../server/services/settings';
import { priceList } from '../../server/services/prices';
import type { Db } from '../../server/db';

/** The server's own price list for an install whose settings are `stored` (defaults otherwise). */
async function options(stored: Record<string, string> = {}) {
  const rows = Object.entries({ ...SETTING_DEFAULTS, ...stored }).map(([key, value]) => ({ key, value }));
  const db = { selectFrom: () => ({ select: () => ({ execute: async () => rows }) }) } as unknown as Db;
  return { provider: 'test' as const, ...priceList(await getSettings(db), 'test'), testMode: true };
}

function cards() {
  return (
    <>
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} layout="showcase" buttonLabel={M.plans.choosePlan} onSelect={() => {}} />
      ))}
    </>
  );
}
const wait = { timeout: 10_000 };
/** The price line of a card as read: its spans (price, then what follows it). */
const priceLine = (plan: string) =>
  [...screen.getByTestId(`plan-price-${plan}`).querySelectorAll('span')].map((s) => s.textContent).join(' ');

it('a default install shows lira prices with "/ ay · KDV dahil" and not one dollar sign', async () => {
  const answer = await options();
  const view = renderWithApp(cards(), fakeServer({ 'payments.options': () => answer }));
  await screen.findByText('₺2.990', {}, wait);
  expect(priceLine('basic')).toBe(`₺2.990 ${M.plans.priceSuffix(true)}`);
  expect(priceLine('standard')).toBe('₺6.790 / ay · KDV dahil');
  expect(priceLine('premium')).toBe('₺14.990 / ay · KDV dahil');
  expect(screen.getByText(M.plans.perCredit('₺49,83'))).toBeTruthy();
  expect(view.container.textContent).not.toContain('$');
});

it('an install set to dollars shows dollars only; with KDV 0 no "KDV dahil"', async () => {
  const answer = await options({ currency: 'USD', kdv_rate: '0' });
  const view = renderWithApp(cards(), fakeServer({ 'payments.options': () => answer }));
  await screen.findByText('$79', {}, wait);
  expect(priceLine('basic')).toBe('$79 / ay');
  expect(view.container.textContent).not.toContain('₺');
  expect(view.container.textContent).not.toContain(M.plans.kdvIncluded);
});

it('until the price list arrives no price is shown (rather than one in another currency)', async () => {
  const view = renderWithApp(cards(), fakeServer({ 'payments.options': () => new Promise(() => {}) }));
  await screen.findByTestId('plan-price-basic', {}, wait);
  expect(view.container.textContent).not.toMatch(/[$₺]\d/);
  expect(view.container.textContent).not.toContain('/ ay');
});
