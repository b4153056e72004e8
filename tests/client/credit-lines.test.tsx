// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EN, TR } from '../../shared/messages/app';
import { DEFAULT_PREFERENCES } from '../../shared/schemas/preferences';
import { LanguageProvider } from '../../client/features/preferences/LanguageProvider';
import { TransactionsSection } from '../../client/features/app/billing/TransactionsSection';
import { RecentActivity } from '../../client/features/app/dashboard/RecentActivity';
import { useDashboard } from '../../client/features/common/useDashboard';
import type { RouterOutputs } from '../../client/lib/trpc';

// Issue 38 items 12 and 5: an admin's balance change reads as "Yönetici düzeltmesi" with the
// admin's reason (never "Satın Alma", never an English prefix); the ledger's stored Turkish lines
// and the credit counts read right in English ("Photo generation", "1 credit").

type Tx = RouterOutputs['credits']['transactions']['items'][number];
type Dashboard = RouterOutputs['credits']['dashboard'];

const tx = (over: Partial<Tx> & Pick<Tx, 'id' | 'type' | 'amount' | 'description'>): Tx => ({
  planCode: null,
  amountPaidCents: null,
  currency: null,
  invoiceNumber: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const ADJUSTED = tx({ id: 'a1', type: 'admin_adjustment', amount: 41, description: 'Kargo gecikmesi telafisi' });
const ADJUSTED_NO_REASON = tx({ id: 'a2', type: 'admin_adjustment', amount: -1, description: '' });
const USAGE = tx({ id: 'u1', type: 'usage', amount: -1, description: TR.credits.usageImage });
const TRIAL = tx({ id: 'b1', type: 'bonus', amount: 10, description: TR.credits.trialGrant });

function server(language: 'tr' | 'en', items: Tx[]) {
  const activity = items.map((t) => ({
    id: t.id,
    kind: 'credit' as const,
    type: t.type,
    amount: t.amount,
    planCode: t.planCode,
    title: t.description,
    createdAt: t.createdAt,
  }));
  return fakeServer({
    'auth.me': () => ({ user: SELLER }),
    'content.site': () => SITE,
    'auth.preferences': () => ({ ...DEFAULT_PREFERENCES, language }),
    'credits.transactions': () => ({ items, total: items.length, page: 1, pageSize: 10 }),
    'credits.dashboard': () => ({ recentActivity: activity }) as unknown as Dashboard,
  });
}

function Activity() {
  return <RecentActivity query={useDashboard()} />;
}

function page(language: 'tr' | 'en', items: Tx[]) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language === 'tr' ? 'tr-TR' : 'en-GB');
  return renderWithApp(
    <LanguageProvider>
      <TransactionsSection hasPurchases={false} />
      <Activity />
    </LanguageProvider>,
    server(language, items),
  );
}

describe('an admin adjustment', () => {
  it('billing: "Yönetici düzeltmesi" with the admin reason, not a purchase and no English prefix', async () => {
    page('tr', [ADJUSTED, ADJUSTED_NO_REASON]);
    const rows = await screen.findAllByTestId('tx-row');
    expect(within(rows[0]!).getByTestId('tx-type').textContent).toBe('Yönetici düzeltmesi');
    expect(within(rows[0]!).getByText('Kargo gecikmesi telafisi')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('tx-credits').textContent).toBe('+41 kredi');
    // No reason given: the line names the adjustment itself.
    expect(within(rows[1]!).getAllByText('Yönetici düzeltmesi')).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/Satın Alma|Admin adjustment/);
  });

  it('dashboard: the recent activity says the same', async () => {
    page('tr', [ADJUSTED]);
    const item = await screen.findByTestId('activity-item');
    expect(within(item).getByText('Kargo gecikmesi telafisi')).toBeTruthy();
    expect(item.textContent).toMatch(/Yönetici düzeltmesi ·/);
    expect(item.textContent).toMatch(/\+41 kredi/);
    expect(item.textContent).not.toMatch(/Satın Alma|Admin adjustment/);
  });

  it('in English it is an "Admin adjustment" with the reason as the admin wrote it', async () => {
    page('en', [ADJUSTED]);
    const rows = await screen.findAllByTestId('tx-row');
    expect(within(rows[0]!).getByTestId('tx-type').textContent).toBe(EN.billing.types.admin_adjustment);
    expect(within(rows[0]!).getByText('Kargo gecikmesi telafisi')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('tx-credits').textContent).toBe('+41 credits');
  });
});

describe('ledger lines in English', () => {
  it('the stored Turkish lines read in English, and one credit is "1 credit"', async () => {
    page('en', [USAGE, TRIAL]);
    const rows = await screen.findAllByTestId('tx-row');
    expect(within(rows[0]!).getByText(EN.credits.usageImage)).toBeTruthy();
    expect(within(rows[0]!).getByTestId('tx-credits').textContent).toBe('−1 credit');
    expect(within(rows[1]!).getByText(EN.credits.trialGrant)).toBeTruthy();
    expect(within(rows[1]!).getByTestId('tx-credits').textContent).toBe('+10 credits');
    const items = await screen.findAllByTestId('activity-item');
    expect(items[0]!.textContent).toContain(EN.credits.usageImage);
    expect(items[0]!.textContent).toContain('−1 credit');
    expect(document.body.textContent).not.toContain(TR.credits.usageImage);
    expect(document.body.textContent).not.toMatch(/\b1 credits/);
  });

  it('Turkish stays as it was', async () => {
    page('tr', [USAGE]);
    const rows = await screen.findAllByTestId('tx-row');
    expect(within(rows[0]!).getByText(TR.credits.usageImage)).toBeTruthy();
    expect(within(rows[0]!).getByTestId('tx-credits').textContent).toBe('−1 kredi');
  });
});
