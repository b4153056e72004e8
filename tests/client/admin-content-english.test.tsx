// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { M } from '../../shared/messages/admin';
import AdminContentPage from '../../client/features/admin/content/AdminContentPage';
import { TestimonialFormModal } from '../../client/features/admin/testimonials/TestimonialFormModal';
import type { RouterOutputs } from '../../client/lib/trpc';

// Issue 38 item 5: the admin edits each landing text in Turkish and, beside it, in English; an
// English text left empty is said to fall back to Turkish; the legal pages stay Turkish only.

type ContentItem = RouterOutputs['admin']['content']['list']['items'][number];
const L = M.adminLanguages;
const AT = '2026-11-27T10:00:00.000Z';
const item = (over: Partial<ContentItem> & Pick<ContentItem, 'id' | 'section' | 'key' | 'value'>): ContentItem => ({
  valueEn: null,
  description: null,
  defaultValue: null,
  defaultValueEn: null,
  updatedAt: AT,
  updatedBy: null,
  ...over,
});
const TITLE = item({
  id: '00000000-0000-4000-8000-000000000001',
  section: 'hero',
  key: 'title',
  value: 'Ürün fotoğraflarınızı vitrine hazırlayın',
  valueEn: 'Make your product photos shop-window ready',
  description: 'Ana başlık',
});
const BUTTON = item({
  id: '00000000-0000-4000-8000-000000000002',
  section: 'cta',
  key: 'button',
  value: 'Hemen Başla',
  description: 'Kapanış çağrısı butonu',
});
const PRIVACY = item({
  id: '00000000-0000-4000-8000-000000000003',
  section: 'legal',
  key: 'privacy',
  value: '## Gizlilik',
  description: 'Gizlilik Politikası metni',
});
const counts = { total: 0, active: 0 };

const field = (key: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-content-key="${key}"]`);

it('site texts: Turkish and English side by side; an English edit is saved beside the unchanged Turkish; legal texts have no English', async () => {
  const server = fakeServer({
    'admin.content.list': () => ({
      items: [TITLE, BUTTON, PRIVACY],
      counts: { portfolio: counts, testimonials: counts, stats: counts, features: counts },
    }),
    'admin.content.save': (input) => ({ saved: input.items.length }),
  });
  renderWithApp(<AdminContentPage />, server);
  const user = userEvent.setup();

  await screen.findByDisplayValue(TITLE.value);
  // Each landing text: the Turkish field and the English one, in one row, labelled by language.
  const pairs = screen.getAllByTestId('content-pair');
  expect(pairs).toHaveLength(2);
  expect(within(pairs[0]!).getByText(L.turkish('Ana başlık'))).toBeTruthy();
  expect(within(pairs[0]!).getByText(L.english('Ana başlık'))).toBeTruthy();
  expect(field('hero.title')!.value).toBe(TITLE.value);
  expect(field('hero.title.en')!.value).toBe(TITLE.valueEn);
  expect(field('hero.title.en')!.getAttribute('lang')).toBe('en');
  // An empty English text says the English page shows the Turkish one.
  expect(field('cta.button.en')!.value).toBe('');
  expect(within(pairs[1]!).getByText(L.englishEmpty)).toBeTruthy();
  // The legal page's text: Turkish only.
  expect(field('legal.privacy')).not.toBeNull();
  expect(field('legal.privacy.en')).toBeNull();

  // Only the English text of the closing button changes: that item is sent, its Turkish as it was.
  await user.type(field('cta.button.en')!, 'Start now');
  expect(await screen.findByTestId('unsaved-bar')).toBeTruthy();
  await user.click(within(screen.getByTestId('unsaved-bar')).getByRole('button', { name: M.adminContent.save }));
  await waitFor(() =>
    expect(server.inputs('admin.content.save')).toEqual([{ items: [{ id: BUTTON.id, value: BUTTON.value, valueEn: 'Start now' }] }]),
  );
});

it('a testimonial: the quote in Turkish and in English side by side; the English one is sent with the edit', async () => {
  const quote = {
    id: '00000000-0000-4000-8000-000000000010',
    name: 'Elif Yılmaz',
    company: 'Ahşap Atölyesi',
    imageUrl: null,
    text: 'Satışlarımız arttı.',
    textEn: null,
    rating: 5,
    displayOrder: 1,
    isActive: true,
    createdAt: AT,
    updatedAt: AT,
  };
  const server = fakeServer({
    'admin.testimonials.update': (input) => ({ ...quote, ...input, textEn: input.textEn || null, company: input.company || null }) as never,
    'admin.testimonials.list': () => [quote],
    'admin.content.list': () => ({ items: [], counts: { portfolio: counts, testimonials: counts, stats: counts, features: counts } }),
    'content.landing': () => ({}) as never,
  });
  renderWithApp(<TestimonialFormModal opened item={quote} onClose={() => {}} />, server);
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: M.adminTestimonials.editTitle });
  const turkish = within(dialog).getByRole('textbox', { name: L.turkish(M.adminTestimonials.text) });
  const english = within(dialog).getByRole('textbox', { name: L.english(M.adminTestimonials.text) });
  expect((turkish as HTMLTextAreaElement).value).toBe(quote.text);
  expect((english as HTMLTextAreaElement).value).toBe('');
  expect(within(dialog).getByText(L.englishHint)).toBeTruthy();
  // Side by side: the two fields share one row.
  expect(turkish.closest('.mantine-SimpleGrid-root')).toBe(english.closest('.mantine-SimpleGrid-root'));

  await user.type(english, 'Our sales went up.');
  await user.click(within(dialog).getByRole('button', { name: M.common.save }));
  await waitFor(() => expect(server.inputs('admin.testimonials.update')).toHaveLength(1));
  expect(server.inputs('admin.testimonials.update')[0]).toMatchObject({ id: quote.id, text: quote.text, textEn: 'Our sales went up.' });
});
