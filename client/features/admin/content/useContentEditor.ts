import { useEffect, useMemo, useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { toastAdminError } from '../common/errors';

export type ContentItem = RouterOutputs['admin']['content']['list']['items'][number];
/** A text's language: its Turkish value, or the English one beside it (issue 38 item 5). */
export type ContentLanguage = 'tr' | 'en';
/** What a field holds now: the saved text, or the admin's unsaved edit. */
export type ContentEdits = Record<string, { tr?: string; en?: string }>;

/** The legal pages are Turkish only; every landing text has an English copy beside it. */
export const hasEnglish = (item: ContentItem): boolean => item.section !== 'legal';
const saved = (item: ContentItem, language: ContentLanguage): string => (language === 'tr' ? item.value : (item.valueEn ?? ''));
export const shownText = (item: ContentItem, edits: ContentEdits, language: ContentLanguage): string =>
  edits[item.id]?.[language] ?? saved(item, language);
const isChanged = (item: ContentItem, edits: ContentEdits): boolean =>
  shownText(item, edits, 'tr') !== item.value || (hasEnglish(item) && shownText(item, edits, 'en') !== saved(item, 'en'));
const contentText = M.adminContent;
/** The page order of the landing sections (the server lists them alphabetically, docs/product.md §7). */
const SECTION_ORDER = ['hero', 'stats', 'features', 'portfolio', 'testimonials', 'cta'];

/** Sections in page order; within one, the built-in order (title, subtitle, buttons), other keys after them. */
function bySection(items: readonly ContentItem[]): [string, ContentItem[]][] {
  const by = new Map<string, ContentItem[]>();
  for (const i of items) by.set(i.section, [...(by.get(i.section) ?? []), i]);
  const rank = (i: ContentItem) => {
    const keys = Object.keys((M.defaults.content as Record<string, Record<string, unknown>>)[i.section] ?? {});
    const at = keys.indexOf(i.key);
    return at < 0 ? keys.length : at;
  };
  for (const rows of by.values()) rows.sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
  return [...by.entries()].sort(([a], [b]) => SECTION_ORDER.indexOf(a) - SECTION_ORDER.indexOf(b));
}

/**
 * The site texts being edited: the saved list, the unsaved edits (only changed texts are saved),
 * save and reset to the built-in texts. Leaving the page with unsaved texts asks first.
 */
export function useContentEditor() {
  const utils = trpc.useUtils();
  const query = trpc.admin.content.list.useQuery(undefined, { staleTime: 0, refetchOnWindowFocus: false });
  const [edits, setEdits] = useState<ContentEdits>({});
  const [confirmReset, setConfirmReset] = useState(false);

  const items = query.data?.items;
  const changed = useMemo(() => (items ?? []).filter((i) => isChanged(i, edits)), [items, edits]);
  const dirty = changed.length > 0;
  const sections = useMemo(() => bySection(items ?? []), [items]);

  // The browser's own prompt.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const afterWrite = async () => {
    await utils.admin.content.list.invalidate();
    setEdits({});
  };
  const save = trpc.admin.content.save.useMutation({
    onSuccess: async ({ saved: n }) => {
      await afterWrite();
      toastSuccess(contentText.saved(n));
      void utils.content.landing.invalidate();
    },
    onError: (e) => toastAdminError(e, M.admin.contentSaveFailed),
  });
  const reset = trpc.admin.content.reset.useMutation({
    onSuccess: async () => {
      await afterWrite();
      setConfirmReset(false);
      toastSuccess(contentText.resetDone);
      void utils.content.landing.invalidate();
    },
    onError: (e) => toastAdminError(e, M.admin.contentSaveFailed),
  });

  return {
    query,
    sections,
    edits,
    changedCount: changed.length,
    dirty,
    edit: (id: string, language: ContentLanguage, value: string) =>
      setEdits((cur) => ({ ...cur, [id]: { ...cur[id], [language]: value } })),
    discard: () => setEdits({}),
    save: () =>
      save.mutate({
        items: changed.map((i) => ({
          id: i.id,
          value: shownText(i, edits, 'tr'),
          ...(hasEnglish(i) && { valueEn: shownText(i, edits, 'en') }),
        })),
      }),
    saving: save.isPending,
    confirmReset,
    setConfirmReset,
    reset: () => reset.mutate(),
    resetting: reset.isPending,
  };
}
