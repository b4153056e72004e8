// @vitest-environment jsdom
import { fakeServer, renderWithApp, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import ApiPage from '../../client/features/app/api/ApiPage';

/**
 * The seller's API page (issue 34 items 8 and 11): what the API is for, said for a seller who does
 * not program, and "give this page to your developer"; the examples use the server's public
 * address (PUBLIC_URL), not the address the page was opened at; the webhook secret is rotated
 * with the old one's end shown.
 */
const PUBLIC = 'https://vitrin.example';

function server(webhookUrl: string | null = null) {
  let previousSecretUntil: string | null = null;
  return fakeServer({
    'content.site': () => SITE,
    'apiKeys.address': () => ({ baseUrl: PUBLIC }),
    'apiKeys.list': () => [],
    'apiKeys.webhook': () => ({ url: webhookUrl, previousSecretUntil, deliveries: [] }),
    'apiKeys.rotateWebhookSecret': () => {
      previousSecretUntil = '2026-11-28T12:00:00.000Z';
      return { secret: 'whsec_yenianahtar', previousValidUntil: previousSecretUntil };
    },
  });
}

describe('the API page', () => {
  it('says what the API is for and to give the page to a developer; examples and the docs address use PUBLIC_URL', async () => {
    renderWithApp(<ApiPage />, server());
    expect(await screen.findByText(M.api.what)).toBeTruthy();
    expect(screen.getByText(M.api.forDeveloperTitle)).toBeTruthy();
    expect(screen.getByText(M.api.forDeveloper)).toBeTruthy();
    expect(await screen.findByText(`${PUBLIC}/api/docs`)).toBeTruthy();
    // curl and JavaScript: both with the public address, neither with the page's own.
    const examples = await screen.findAllByText((_, el) => el?.tagName === 'PRE' && el.textContent.includes('/api/v1/images'));
    expect(examples).toHaveLength(2);
    expect(examples[0]!.textContent).toContain(`curl -X POST ${PUBLIC}/api/v1/images`);
    expect(examples[1]!.textContent).toContain(`const BASE = '${PUBLIC}';`);
    for (const e of examples) expect(e.textContent).not.toContain(window.location.origin);
  });

  it('rotates the webhook secret after a confirmation: the new secret shown once, the old one’s end shown', async () => {
    const s = server('https://magaza.example/hook');
    renderWithApp(<ApiPage />, s);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: M.api.rotateSecret }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.api.rotateConfirm)).toBeTruthy();
    expect(s.inputs('apiKeys.rotateWebhookSecret')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: M.api.rotateSecret }));
    expect(await screen.findByText('whsec_yenianahtar')).toBeTruthy();
    expect(s.inputs('apiKeys.rotateWebhookSecret')).toHaveLength(1);
    expect((await screen.findByTestId('previous-secret')).textContent).toContain('2026');
  });

  it('creates a test key when Test is chosen, and lists each key with its kind', async () => {
    let keys: Array<{ id: string; name: string; prefix: string; mode: 'live' | 'test'; createdAt: string; lastUsedAt: string | null }> = [
      { id: 'k1', name: 'Mağaza', prefix: 'vk_live_abcd', mode: 'live', createdAt: '2026-11-27T10:00:00.000Z', lastUsedAt: null },
    ];
    const s = fakeServer({
      'content.site': () => SITE,
      'apiKeys.address': () => ({ baseUrl: PUBLIC }),
      'apiKeys.list': () => keys,
      'apiKeys.webhook': () => ({ url: null, previousSecretUntil: null, deliveries: [] }),
      'apiKeys.create': (input) => {
        keys = [
          ...keys,
          {
            id: 'k2',
            name: input.name,
            prefix: 'vk_test_wxyz',
            mode: input.mode ?? 'live',
            createdAt: '2026-11-27T11:00:00.000Z',
            lastUsedAt: null,
          },
        ];
        return { id: 'k2', name: input.name, key: 'vk_test_gizli', mode: input.mode ?? 'live' };
      },
    });
    renderWithApp(<ApiPage />, s);
    const user = userEvent.setup();
    expect(await screen.findByText(M.api.modeHelp)).toBeTruthy();
    await user.type(screen.getByTestId('api-key-name'), 'Deneme');
    await user.click(screen.getByRole('radio', { name: M.api.modeTest }));
    await user.click(screen.getByRole('button', { name: M.api.createKey }));
    expect(await screen.findByText('vk_test_gizli')).toBeTruthy();
    expect(s.inputs('apiKeys.create')).toEqual([{ name: 'Deneme', mode: 'test' }]);
    const table = await screen.findByTestId('api-keys');
    expect(await within(table).findByText('vk_test_wxyz…')).toBeTruthy();
    expect(within(table).getByText(M.api.modeLive)).toBeTruthy();
    expect(within(table).getByText(M.api.modeTest)).toBeTruthy();
  });
});
