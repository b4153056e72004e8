// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { M } from '../../shared/messages/app';
import type { TEditorOpened, TEditorPreview } from '../../shared/schemas/editor';
import type { TCutoutResult } from '../../shared/schemas/generations';

/**
 * Issue 37 items 2 and 7 (the editor's client part): one verdict at a time, a stale accept note goes
 * when the mask changes, and the tint overlay survives switching Sonuç → Seçim.
 */
const editor = vi.hoisted(() => ({
  open: null as null | (() => Promise<unknown>),
  refine: null as null | ((input: unknown) => Promise<unknown>),
  accept: null as null | ((input: unknown) => Promise<unknown>),
}));
vi.mock('../../client/lib/trpc', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../client/lib/trpc')>();
  return {
    ...actual,
    trpcClient: {
      studio: {
        editorOpen: { mutate: () => editor.open!() },
        refine: { mutate: (i: unknown) => editor.refine!(i) },
        accept: { mutate: (i: unknown) => editor.accept!(i) },
        editorClose: { mutate: async () => ({ ok: true }) },
      },
    },
  };
});
// Imported after the mock so the editor's session uses it.
const { CutoutEditorModal } = await import('../../client/features/generation/editor/CutoutEditorModal');

const SESSION = '00000000-0000-4000-8000-00000000e001';
const preview = (mask: string, note: string | null): TEditorPreview => ({
  sessionId: SESSION,
  width: 640,
  height: 480,
  maskDataUrl: `data:image/png;base64,${mask}`,
  reasons: note ? ['hole'] : [],
  note,
  ms: 12,
});
const untrustedAccept: TCutoutResult = {
  id: '00000000-0000-4000-8000-00000000c0c0',
  cutoutUrl: null,
  width: 640,
  height: 480,
  note: M.studio.notes.hole,
  verdict: 'untrusted',
  reasons: ['hole'],
  maskUrl: '/api/files/cutouts/c0c0/mask',
};

// jsdom loads no images: a mask "loads" at once with its own size, so the tint can be drawn.
class LoadedImage {
  onload: (() => void) | null = null;
  naturalWidth = 64;
  naturalHeight = 48;
  set src(_v: string) {
    queueMicrotask(() => this.onload?.());
  }
}
beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
  HTMLElement.prototype.setPointerCapture ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

function show() {
  const server = fakeServer({});
  renderWithApp(
    <CutoutEditorModal opened onClose={() => {}} uploadId="00000000-0000-4000-8000-0000000000u1" photoUrl="/p.jpg" onAccepted={() => {}} />,
    server,
  );
}

it('opens with the refusal the server gives (no green), and never shows a green and an orange message at once', async () => {
  editor.open = async () => ({ ...preview('AAA', `${M.studio.notes.hole} ${M.studio.nextStep}`), cutout: null }) satisfies TEditorOpened;
  show();
  const verdict = await screen.findByTestId('editor-verdict');
  expect(verdict.dataset.verdict).toBe('bad');
  expect(verdict.textContent).toContain(M.studio.notes.hole);
  expect(screen.queryByText(M.editor.verdictGood)).toBeNull();
});

it('an accept the gate did not trust says so once; the note goes when the mask changes', async () => {
  editor.open = async () => ({ ...preview('AAA', null), cutout: null });
  editor.accept = async () => untrustedAccept;
  let refined = 0;
  editor.refine = async () => (refined++, preview('BBBBBBBBBBBBBBBB', null));
  show();
  expect((await screen.findByTestId('editor-verdict')).dataset.verdict).toBe('good');
  await userEvent.click(screen.getByRole('button', { name: M.editor.accept }));
  expect(await screen.findByTestId('editor-accept-note')).toHaveProperty('textContent', M.editor.acceptedUntrusted);
  // Not green beside it.
  expect(screen.queryByText(M.editor.verdictGood)).toBeNull();

  // The seller paints one more stroke (the "Koru" brush): a new mask, and the old note goes with the old mask.
  const stage = screen.getByTestId('editor-stage');
  const oldMask = screen.getByTestId('editor-mask').dataset.mask;
  await act(async () => {
    fireEvent.pointerDown(stage, { clientX: 10, clientY: 10, pointerId: 1, button: 0 });
  });
  await act(async () => {
    fireEvent.pointerUp(stage, { clientX: 10, clientY: 10, pointerId: 1 });
  });
  await waitFor(() => expect(refined).toBe(1));
  await waitFor(() => expect(screen.getByTestId('editor-mask').dataset.mask).not.toBe(oldMask));
  expect(screen.queryByTestId('editor-accept-note')).toBeNull();
  expect(screen.getByTestId('editor-verdict').dataset.verdict).toBe('good');
});

it('the tint overlay is drawn again after switching Sonuç → Seçim (not left a blank 300×150 canvas)', async () => {
  editor.open = async () => ({ ...preview('AAA', null), cutout: null });
  show();
  await waitFor(() => expect((screen.getByTestId('editor-mask') as HTMLCanvasElement).width).toBe(64));
  await userEvent.click(screen.getByText(M.editor.viewCutout));
  expect(screen.queryByTestId('editor-mask')).toBeNull();
  await userEvent.click(screen.getByText(M.editor.viewMask));
  await waitFor(() => expect((screen.getByTestId('editor-mask') as HTMLCanvasElement).width).toBe(64));
  expect((screen.getByTestId('editor-mask') as HTMLCanvasElement).height).toBe(48);
});
