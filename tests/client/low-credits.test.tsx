// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { CreditBalanceCard } from '../../client/features/app/dashboard/CreditBalanceCard';

// Issue 38 item 4: "Krediniz azalıyor" follows the share of the period's (or the trial's) credits the
// server states (`lowBelow`), not a fixed 10: 9 of a 10-credit trial is not low, 1 is.

function card(balance: number, planCode: string, lowBelow: number) {
  return renderWithApp(
    <CreditBalanceCard />,
    fakeServer({
      'auth.me': () => ({ user: SELLER }),
      'content.site': () => SITE,
      'credits.balance': () => ({ balance, unlimited: false, planCode, expiresAt: null, expired: false, lowBelow }),
    }),
  );
}

it('9 of 10 trial credits is not low', async () => {
  card(9, 'trial', 2);
  expect(await screen.findByText(M.credits.planNames.trial!)).toBeTruthy();
  expect(screen.queryByText(M.credits.lowBalance)).toBeNull();
});

it('1 trial credit left is low: the hint and the buy button', async () => {
  card(1, 'trial', 2);
  expect(await screen.findByText(M.credits.lowBalance)).toBeTruthy();
  expect(screen.getByRole('link', { name: M.credits.buyCredits })).toBeTruthy();
});

it('a package warns below its own share: 11 of 60 is low', async () => {
  card(11, 'basic', 12);
  expect(await screen.findByText(M.credits.lowBalance)).toBeTruthy();
});

it('12 of 60 is not low', async () => {
  card(12, 'basic', 12);
  expect(await screen.findByText(M.credits.planNames.basic!)).toBeTruthy();
  expect(screen.queryByText(M.credits.lowBalance)).toBeNull();
});
