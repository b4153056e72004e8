// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/admin';
import { ApiUsageSection } from '../../client/features/admin/users/ApiUsageSection';

// The admin's view of a seller's API keys says which are test keys (issue 34's test mode: a test key's
// runs take no credit, so its zero credits must not read as a live key's).
const USER = '00000000-0000-4000-8000-000000000021';
const key = (id: string, name: string, mode: 'live' | 'test') => ({
  id,
  name,
  prefix: `vk_${mode}_ab12`,
  mode,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  requestCount: 3,
  runs: 2,
  credits: mode === 'test' ? 0 : 2,
});

it('each key on the admin usage card carries its kind: Canlı or Test', async () => {
  const server = fakeServer({
    'admin.apiKeys.usage': () => ({
      keys: [key('00000000-0000-4000-8000-0000000000a1', 'Mağaza', 'live'), key('00000000-0000-4000-8000-0000000000a2', 'Deneme', 'test')],
      runs: 4,
      credits: 2,
      webhookUrl: null,
    }),
  });
  renderWithApp(<ApiUsageSection userId={USER} />, server);
  const live = (await screen.findByText(/Mağaza/)).closest('div')!;
  const test = screen.getByText(/Deneme/).closest('div')!;
  expect(live.textContent).toContain(M.api.modeLive);
  expect(live.textContent).not.toContain(M.api.modeTest);
  expect(test.textContent).toContain(M.api.modeTest);
});
