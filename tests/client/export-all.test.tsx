// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { M } from '../../shared/messages/app';
import { EXPORT_PRESET_IDS } from '../../shared/export-presets';
import { ExportMenu } from '../../client/features/generation/ExportMenu';
import { useDownloads } from '../../client/features/generation/download';

const RUN = '00000000-0000-4000-8000-0000000000cc';

function ExportOnly() {
  const downloads = useDownloads();
  return <ExportMenu generationId={RUN} downloads={downloads} />;
}

afterEach(() => vi.restoreAllMocks());

describe('the export menu (issue 38 item 10)', () => {
  it('offers "Tüm pazar yerleri" first, saying it is one download, and asks the server for every preset in one zip', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 404 }));
    renderWithApp(<ExportOnly />, fakeServer({ 'auth.me': () => ({ user: SELLER }), 'content.site': () => SITE }));
    fireEvent.click(screen.getByTestId('export-menu'));
    const item = await waitFor(
      () => {
        const el = document.querySelector<HTMLElement>('[data-preset="all"]');
        if (!el) throw new Error('menu not open yet');
        return el;
      },
      { timeout: 5_000 },
    );
    expect(item.textContent).toContain(M.exports.allItem);
    expect(item.textContent).toContain(M.exports.allHint(EXPORT_PRESET_IDS.length));
    // It comes before the single presets.
    const entries = [...document.querySelectorAll<HTMLElement>('[data-preset]')].map((el) => el.dataset.preset);
    expect(entries).toEqual(['all', ...EXPORT_PRESET_IDS]);
    fireEvent.click(item);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith(`/api/generations/${RUN}/export/all`, expect.anything()));
  });
});
