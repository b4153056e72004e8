// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { M } from '../../shared/messages/app';
import { EXPORT_PRESETS } from '../../shared/export-presets';
import { ExportMenu } from '../../client/features/generation/ExportMenu';
import { useDownloads } from '../../client/features/generation/download';
import { StorageCard } from '../../client/features/app/profile/StorageCard';

const RUN = '00000000-0000-4000-8000-0000000000bb';

function ExportOnly() {
  const downloads = useDownloads();
  return <ExportMenu generationId={RUN} downloads={downloads} />;
}

describe('fair share in the client', () => {
  it("an export refused by the seller's limit shows the server's Turkish text, not the generic error", async () => {
    const refusal = M.fairShare.exports(4);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: { message: refusal, data: { appCode: 'RATE_LIMITED' } } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '200' },
        }),
    );
    renderWithApp(<ExportOnly />, fakeServer({ 'auth.me': () => ({ user: SELLER }), 'content.site': () => SITE }));
    // The menu's items are looked up by their preset (not by role): Mantine's open transition can
    // keep them hidden from role queries for a while on a loaded machine.
    fireEvent.click(screen.getByTestId('export-menu'));
    const item = await waitFor(
      () => {
        const el = document.querySelector<HTMLElement>('[data-preset="square"]');
        if (!el) throw new Error('menu not open yet');
        return el;
      },
      { timeout: 5_000 },
    );
    expect(item.textContent).toBe(M.exports.presetItem(EXPORT_PRESETS.square.name, 2000, 2000));
    fireEvent.click(item);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith(`/api/generations/${RUN}/export/square`, expect.anything()));
    expect(await screen.findByText(refusal, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(M.generation.downloadFailed)).toBeNull();
  });

  it('the profile shows the photo storage used of the quota, and how long unused photos are kept', async () => {
    renderWithApp(
      <StorageCard />,
      fakeServer({
        'auth.me': () => ({ user: SELLER }),
        'content.site': () => SITE,
        'auth.storageUsage': () => ({ usedBytes: 768 * 1024 * 1024, quotaBytes: 1024 * 1024 * 1024, retentionDays: 30 }),
      }),
    );
    const card = await screen.findByTestId('storage-card');
    expect(await within(card).findByText(M.fairShare.storageUsed('768', '1.024'))).toBeTruthy();
    expect(within(card).getByText(M.fairShare.storageDesc(30))).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
  });
});
