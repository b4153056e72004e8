// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { BatchReview } from '../../client/features/app/batch/BatchReviewPage';
import type { RouterOutputs } from '../../client/lib/trpc';

type Batch = RouterOutputs['batch']['get'];
type View = Batch['items'][number];
type Photo = Batch['photos'][number];

const BATCH = '00000000-0000-4000-8000-00000000b001';
const upload = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const gen = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const cut = (n: number, again = false) => `00000000-0000-4000-8000-000000000${again ? 3 : 2}${String(n).padStart(2, '0')}`;

const run = (n: number): View => ({
  id: gen(n),
  type: 'image',
  parameters: { prompt: 'mermer masa', numImages: 4, outputFormat: 'jpeg' },
  prompt: 'mermer masa',
  status: 'completed',
  progress: 100,
  creditsUsed: 1,
  outputs: [`/api/files/generations/${gen(n)}/0`],
  thumbnails: [`/api/files/generations/${gen(n)}/0?thumb=1`],
  outputSizes: [{ width: 1024, height: 1024 }],
  outputRoles: ['white'],
  cutoutId: cut(n),
  cutoutUrl: `/api/files/cutouts/${cut(n)}`,
  cutoutNote: null,
  errorMessage: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: '2026-11-27T10:00:30.000Z',
});
const cutout = (id: string, verdict: 'accepted' | 'untrusted') => ({
  id,
  cutoutUrl: verdict === 'accepted' ? `/api/files/cutouts/${id}` : null,
  width: 600,
  height: 400,
  note: null,
  verdict,
  reasons: [],
  maskUrl: null,
});
const NAMES = ['kupa.jpg', 'vazo.jpg', 'lamba.jpg', 'saat.jpg', 'tabak.jpg', 'mum.jpg'];

/** Six photos as the server keeps them after the seller declined the framed question for two (photos 2 and 5). */
function photos(fixedFirst: boolean): Photo[] {
  return NAMES.map((fileName, i) => {
    const n = i + 1;
    const waiting = n === 2 || n === 5;
    return {
      position: i,
      uploadId: upload(n),
      fileName,
      photoUrl: `/api/files/uploads/${upload(n)}`,
      // Photo 1 fixed in the editor after its run: its current cut-out is a new one.
      cutout: cutout(n === 1 && fixedFirst ? cut(n, true) : cut(n), waiting ? 'untrusted' : 'accepted'),
      generationId: waiting ? null : gen(n),
      state: waiting ? ('needs_consent' as const) : ('run' as const),
      error: waiting ? M.studio.needsConsent : null,
    };
  });
}

function server(fixedFirst: boolean) {
  return fakeServer({
    'auth.me': () => ({ user: SELLER }),
    'content.site': () => SITE,
    'batch.get': () => ({
      batchId: BATCH,
      prompt: 'mermer masa',
      category: null,
      items: [1, 3, 4, 6].map(run),
      photos: photos(fixedFirst),
    }),
    'batch.create': (input) => ({
      batchId: BATCH,
      items: input.uploadIds.map((uploadId) => ({
        uploadId,
        generationId: gen(9),
        error: null,
        needsConsent: false,
        cutout: 'accepted' as const,
      })),
    }),
  });
}

it('after a reload: every photo with its own file name and state, counted out of all six; a waiting photo can be run', async () => {
  const fake = server(false);
  renderWithApp(<BatchReview batchId={BATCH} />, fake);
  await waitFor(() => expect(screen.getAllByTestId('batch-item')).toHaveLength(6));
  expect(screen.getAllByTestId('batch-photo-name').map((n) => n.textContent)).toEqual(NAMES);
  expect(screen.getByTestId('batch-summary').textContent).toBe(M.exports.batchSummary(4, 6));
  const items = screen.getAllByTestId('batch-item');
  expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['completed', 'framed', 'completed', 'completed', 'framed', 'completed']);
  expect(within(items[1]!).getByText(M.exports.batchItem.framed!)).toBeTruthy();
  // No re-run where nothing was fixed; a run for each waiting photo.
  expect(screen.queryByRole('button', { name: new RegExp(`^${escape(M.exports.rerunPhoto(1))}`) })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: `${M.exports.runPhoto(1)}: vazo.jpg` }));
  await waitFor(() => expect(fake.inputs('batch.create')).toHaveLength(1));
  expect(fake.inputs('batch.create')[0]).toEqual({ uploadIds: [upload(2)], prompt: 'mermer masa', batchId: BATCH });
});

it('a photo fixed after its run offers a re-run, sent as one rerun of that photo', async () => {
  const fake = server(true);
  renderWithApp(<BatchReview batchId={BATCH} />, fake);
  const again = await screen.findByRole('button', { name: `${M.exports.rerunPhoto(1)}: kupa.jpg` });
  expect(screen.getByText(M.exports.rerunHint)).toBeTruthy();
  await userEvent.click(again);
  await waitFor(() => expect(fake.inputs('batch.create')).toHaveLength(1));
  expect(fake.inputs('batch.create')[0]).toEqual({ uploadIds: [upload(1)], prompt: 'mermer masa', batchId: BATCH, rerun: [upload(1)] });
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
