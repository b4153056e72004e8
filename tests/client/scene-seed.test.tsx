// @vitest-environment jsdom
import { fakeServer, generatePageAnswers, imageRunView, renderWithApp, SELLER, SITE } from './harness';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { M } from '../../shared/messages/app';
import GenerateImagePage from '../../client/features/app/generate-image/GenerateImagePage';
import { SceneControls } from '../../client/features/common/SceneControls';
import type { SceneControls as Controls } from '../../shared/schemas/generations';

// Issue 38 item 6: the seed the README names is on the page, under the controls' advanced section.
const JOB = '00000000-0000-4000-8000-0000000000ab';
const PRESET = M.generation.presets[0]!;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const done = () => imageRunView(JOB, 'completed', 100);

function Controlled({ seen }: { seen: (c: Controls) => void }) {
  const [value, setValue] = useState<Controls>({});
  return (
    <SceneControls
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

describe('the seed control', () => {
  it('sits under "Gelişmiş", closed at first; a seed typed there is the run’s seed, and emptied it is gone', async () => {
    const seen = vi.fn();
    renderWithApp(<Controlled seen={seen} />, fakeServer({ 'auth.me': () => ({ user: SELLER }), 'content.site': () => SITE }));
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: M.scene.advanced });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const input = screen.getByLabelText(M.scene.seed);
    expect(screen.getByText(M.scene.seedHint)).toBeTruthy();
    await user.type(input, '4242');
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith({ seed: 4242 }));
    await user.clear(input);
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith({}));
  });

  it('"Yeniden üret" sends a new seed and shows it in the seed field', async () => {
    const api = fakeServer({
      ...generatePageAnswers('local'),
      'generations.createImage': () => ({ id: JOB }),
      'generations.get': () => done(),
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ uploadId: 'upload-1', url: '/api/files/uploads/upload-1', width: 1200, height: 1200 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderWithApp(<GenerateImagePage />, api);
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText(M.generation.photoLabel, { selector: 'input' }),
      new File([PNG], 'urun.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText(M.generation.photoAlt)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: PRESET.label }));
    await user.click(screen.getByRole('button', { name: M.generation.generateImage }));
    const again = await screen.findByRole('button', { name: M.scene.regenerate }, { timeout: 8_000 });
    await user.click(again);
    await waitFor(() => expect(api.inputs('generations.createImage')).toHaveLength(2));
    const [first, second] = api.inputs('generations.createImage') as { scene?: Controls }[];
    expect(first!.scene).toBeUndefined();
    const seed = second!.scene?.seed;
    expect(Number.isInteger(seed)).toBe(true);
    expect((screen.getByLabelText(M.scene.seed) as HTMLInputElement).value).toBe(String(seed));
  });
});
