// @vitest-environment jsdom
import { fakeServer, generatePageAnswers, imageRunView, renderWithApp } from './harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { M } from '../../shared/messages/app';
import GenerateImagePage from '../../client/features/app/generate-image/GenerateImagePage';

const JOB = '00000000-0000-4000-8000-0000000000aa';
const PRESET = M.generation.presets[0]!;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const job = (status: 'processing' | 'completed' | 'failed', progress: number) => imageRunView(JOB, status, progress);

/** The seller's server: a balance of 10, the studio's cut-out, and a job that runs then ends as `end`. */
function server(end: 'completed' | 'failed') {
  let reads = 0;
  return fakeServer({
    ...generatePageAnswers('fal'),
    'generations.createImage': () => ({ id: JOB }),
    'generations.get': () => (++reads === 1 ? job('processing', 40) : job(end, 100)),
  });
}

/** POST /api/uploads answers like the server after its own check (each upload its own id). */
function fakeUpload() {
  let n = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const id = `upload-${++n}`;
    return new Response(JSON.stringify({ uploadId: id, url: `/api/files/uploads/${id}`, width: 1200, height: 1200 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

async function pickPhotoAndPreset(user: ReturnType<typeof userEvent.setup>) {
  const photoInput = screen.getByLabelText(M.generation.photoLabel, { selector: 'input' });
  await user.upload(photoInput, new File([PNG], 'urun.png', { type: 'image/png' }));
  expect(await screen.findByAltText(M.generation.photoAlt)).toBeTruthy();
  await user.click(screen.getByRole('radio', { name: PRESET.label }));
  expect((screen.getByLabelText(new RegExp(`^${M.generation.promptLabel}`), { selector: 'textarea' }) as HTMLTextAreaElement).value).toBe(
    PRESET.prompt,
  );
}

describe('generate image flow', () => {
  it('asks for a photo first, then uploads it, starts with the chosen preset and shows progress, then the four images', async () => {
    const api = server('completed');
    const upload = fakeUpload();
    renderWithApp(<GenerateImagePage />, api);
    const user = userEvent.setup();

    expect(await screen.findByText(M.generation.resultsPlaceholder)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: M.generation.generateImage }));
    // Said beside the button (and as a toast).
    const refusals = await screen.findAllByRole('alert');
    expect(refusals.some((el) => el.textContent?.includes(M.generation.needPhotoAndPrompt))).toBe(true);
    expect(api.inputs('generations.createImage')).toEqual([]);

    await pickPhotoAndPreset(user);
    expect(upload).toHaveBeenCalledWith('/api/uploads', expect.objectContaining({ method: 'POST' }));

    await user.click(screen.getByRole('button', { name: M.generation.generateImage }));
    const progress = await screen.findByTestId('generation-progress');
    expect(within(progress).getByText(M.generation.progressImage)).toBeTruthy();
    expect(within(progress).getByText('%40')).toBeTruthy();
    // The run names the cut-out the panel showed (issue 37).
    expect(api.inputs('generations.createImage')).toEqual([
      { uploadId: 'upload-1', prompt: PRESET.prompt, category: PRESET.value, cutoutId: '00000000-0000-4000-8000-0000000000c1' },
    ]);

    expect(await screen.findByRole('heading', { name: M.generation.resultsTitle }, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByTestId('generation-progress')).toBeNull();
    expect(screen.getByRole('button', { name: M.generation.downloadAll })).toBeTruthy();
    expect(within(screen.getByTestId('output-sizes')).getAllByText(/1024 × 1024|1024×1024|1024 x 1024/)).toHaveLength(4);
  });

  it('shows the failure with the refund note when the job fails', async () => {
    const api = server('failed');
    fakeUpload();
    renderWithApp(<GenerateImagePage />, api);
    const user = userEvent.setup();

    await pickPhotoAndPreset(user);
    await user.click(screen.getByRole('button', { name: M.generation.generateImage }));
    expect(await screen.findByTestId('generation-progress')).toBeTruthy();

    const refund = await screen.findByText(M.generation.refundNote, {}, { timeout: 8_000 });
    const failure = refund.closest<HTMLElement>('[role="alert"]')!;
    expect(within(failure).getByText(M.generation.failedTitle)).toBeTruthy();
    expect(within(failure).getByText('Görsel üretilemedi')).toBeTruthy();
  });

  it("a new photo clears the previous product's results and their export menu from the page (issue 38 item 8)", async () => {
    const api = server('completed');
    fakeUpload();
    renderWithApp(<GenerateImagePage />, api);
    const user = userEvent.setup();
    await pickPhotoAndPreset(user);
    await user.click(screen.getByRole('button', { name: M.generation.generateImage }));
    expect(await screen.findByRole('heading', { name: M.generation.resultsTitle }, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: M.generation.downloadAll })).toBeTruthy();

    const photoInput = screen.getByLabelText(M.generation.photoLabel, { selector: 'input' });
    await user.upload(photoInput, new File([PNG], 'ikinci-urun.png', { type: 'image/png' }));
    expect(await screen.findByText(M.generation.resultsPlaceholder)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: M.generation.resultsTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: M.generation.downloadAll })).toBeNull();
    expect(screen.queryByRole('button', { name: M.exports.menuLabel })).toBeNull();
  });
});
