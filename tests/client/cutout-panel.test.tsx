// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { CutoutPanel } from '../../client/features/generation/editor/CutoutPanel';
import type { TCutoutResult } from '../../shared/schemas/generations';

/**
 * Issue 37: the panel shows the photo's current cut-out (the seller's accepted one) and never runs
 * the automatic cut-out again for it; before charging it says when the photo is too small for a
 * marketplace preset's minimum.
 */
const ACCEPTED: TCutoutResult = {
  id: '00000000-0000-4000-8000-0000000000c1',
  cutoutUrl: '/api/files/cutouts/c1',
  width: 800,
  height: 600,
  note: null,
  verdict: 'accepted',
  reasons: [],
  maskUrl: '/api/files/cutouts/c1/mask',
};
const UPLOAD = '00000000-0000-4000-8000-0000000000u1';

function show(width: number, height: number) {
  const server = fakeServer({ 'studio.current': () => ACCEPTED });
  const cutouts: string[] = [];
  renderWithApp(
    <CutoutPanel photo={{ uploadId: UPLOAD, url: '/p.jpg', width, height }} onCutout={(c) => cutouts.push(c.cutoutId)} />,
    server,
  );
  return { server, cutouts };
}

it('shows the photo’s current cut-out and names it for the run; the automatic cut-out is not run again', async () => {
  const { server, cutouts } = show(2400, 1800);
  expect(await screen.findByTestId('cutout-image')).toHaveProperty('src', expect.stringContaining('/api/files/cutouts/c1'));
  expect(server.inputs('studio.current')).toEqual([{ uploadId: UPLOAD }]);
  expect(server.calls.filter((c) => c.path === 'studio.cutout')).toHaveLength(0);
  expect(cutouts).toContain(ACCEPTED.id);
  // Large enough for every preset: no size warning.
  expect(screen.queryByTestId('preset-size-warning')).toBeNull();
});

it('before charging, says which marketplace presets a small photo is too small for (and that OKU-BENI.txt names enlarged images)', async () => {
  show(800, 600);
  const warning = await screen.findByTestId('preset-size-warning');
  expect(warning.textContent).toContain('800×600');
  expect(warning.textContent).toContain(M.studio.presetMinimum('Trendyol', 1200));
  expect(warning.textContent).toContain(M.studio.presetMinimum('Hepsiburada', 1500));
  expect(warning.textContent).toContain('OKU-BENI.txt');
});

it('a photo between two presets’ minimums names only those it is too small for', async () => {
  show(1100, 900);
  const warning = await screen.findByTestId('preset-size-warning');
  expect(warning.textContent).toContain(M.studio.presetMinimum('n11', 1200));
  expect(warning.textContent).not.toContain('Çiçeksepeti');
});
