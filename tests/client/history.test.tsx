// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import HistoryPage from '../../client/features/app/history/HistoryPage';
import type { RouterOutputs } from '../../client/lib/trpc';

type ListPage = RouterOutputs['generations']['list'];
type View = ListPage['items'][number];

const base = {
  status: 'completed' as const,
  progress: 100,
  creditsUsed: 1,
  outputs: ['/api/files/generations/g/0'],
  thumbnails: ['/api/files/generations/g/0?thumb=1'],
  outputSizes: [{ width: 1024, height: 1024 }],
  cutoutId: null,
  cutoutUrl: null,
  cutoutNote: null,
  errorMessage: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  completedAt: '2026-11-24T10:00:30.000Z',
};
const LONG = 'mermer tezgah üzerinde seramik kupa, sabah ışığı, yumuşak gölgeler ve sıcak tonlar';
const IMAGE: View = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000a1',
  type: 'image',
  parameters: { prompt: LONG, numImages: 4, outputFormat: 'jpeg' },
  prompt: LONG,
  outputRoles: ['white'],
};
const VIDEO: View = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000a2',
  type: 'video',
  parameters: { prompt: '', duration: 5, aspectRatio: '9:16', resolution: '1080p', seed: 7 },
  prompt: '',
  outputRoles: ['video'],
};

function server(answer: () => ListPage) {
  return fakeServer({
    'auth.me': () => ({ user: SELLER }),
    'content.site': () => SITE,
    'generations.list': () => answer(),
  });
}

it("shows each run with its title (the prompt cut at 50 characters, or the kind's fallback) and the video's length and shape", async () => {
  renderWithApp(
    <HistoryPage />,
    server(() => ({ items: [IMAGE, VIDEO], total: 2, page: 1, pageSize: 12 })),
  );
  expect(await screen.findByText(`${Array.from(LONG).slice(0, 50).join('').trimEnd()}…`)).toBeTruthy();
  expect(screen.getByText(M.history.fallbackVideoTitle)).toBeTruthy();
  // After the date: "… · 5 sn · 9:16 · 1080p".
  expect(
    screen.getByText((_, el) => el?.tagName === 'P' && !!el.textContent?.endsWith(` · ${M.history.videoMeta('5', '9:16')}`)),
  ).toBeTruthy();
  expect(screen.getByText(M.history.total('2'))).toBeTruthy();
});

it('no runs yet: the empty state with the ways to start', async () => {
  renderWithApp(
    <HistoryPage />,
    server(() => ({ items: [], total: 0, page: 1, pageSize: 12 })),
  );
  const empty = await screen.findByTestId('history-empty');
  expect(within(empty).getByText(M.history.emptyTitle)).toBeTruthy();
  expect(within(empty).getByRole('link', { name: M.nav.generateImage })).toBeTruthy();
});

it('a failed load says so with a retry, and the retry shows the runs', async () => {
  let fail = true;
  renderWithApp(
    <HistoryPage />,
    server(() => {
      if (fail) throw new Error('down');
      return { items: [VIDEO], total: 1, page: 1, pageSize: 12 };
    }),
  );
  expect(await screen.findByText(M.generation.historyFailed, undefined, { timeout: 10_000 })).toBeTruthy();
  fail = false;
  await userEvent.setup().click(screen.getByRole('button', { name: M.common.retry }));
  expect(await screen.findByText(M.history.fallbackVideoTitle)).toBeTruthy();
});
