import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import type { MESSAGE_FILTERS } from '../../../../shared/schemas/admin';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { usePollWhileOffline } from '../common/ConnectionBadge';
import { toastAdminError } from '../common/errors';

export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export type Message = RouterOutputs['admin']['messages']['list']['items'][number];
const messagesText = M.adminMessages;
const PAGE_SIZE = 30;
export const MESSAGES_POLL_SECONDS = 30;

/**
 * The inbox's state: search, filter and page of the list, the open message (kept on screen even
 * when it leaves the filtered list, e.g. read under "unread"), and read/unread marking. Opening
 * an unread message marks it read once.
 */
export function useMessageInbox() {
  const utils = trpc.useUtils();
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilterValue] = useState<MessageFilter>('all');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Message | null>(null);
  const refetchInterval = usePollWhileOffline(MESSAGES_POLL_SECONDS);
  const input = { search: debounced, filter, page, pageSize: PAGE_SIZE };
  const query = trpc.admin.messages.list.useQuery(input, { refetchInterval, placeholderData: (p) => p });
  const autoRead = useRef(new Set<string>());

  const apply = (m: Message) => {
    setSelected((cur) => (cur?.id === m.id ? m : cur));
    void utils.admin.messages.list.invalidate();
    void utils.admin.dashboard.invalidate();
  };
  const markRead = trpc.admin.messages.markRead.useMutation({
    onSuccess: apply,
    onError: (e) => toastAdminError(e, M.admin.messageUpdateFailed),
  });
  const markUnread = trpc.admin.messages.markUnread.useMutation({
    onSuccess: (m) => {
      apply(m);
      toastSuccess(messagesText.markedUnread);
    },
    onError: (e) => toastAdminError(e, M.admin.messageUpdateFailed),
  });

  // The open message as the list has it now, when it is in it (else as last opened or marked).
  const fresh = selectedId === null ? undefined : query.data?.items.find((m) => m.id === selectedId);
  const shown = selected && fresh ? fresh : selected;

  return {
    query,
    search,
    setSearch(value: string) {
      setSearchText(value);
      setPage(1);
    },
    filter,
    setFilter(value: MessageFilter) {
      setFilterValue(value);
      setPage(1);
    },
    setPage,
    selectedId,
    selected: shown,
    pending: markRead.isPending || markUnread.isPending,
    open(m: Message) {
      setSelectedId(m.id);
      setSelected(m);
      if (!m.isRead && !autoRead.current.has(m.id)) {
        autoRead.current.add(m.id);
        markRead.mutate({ id: m.id });
      }
    },
    close() {
      setSelectedId(null);
      setSelected(null);
    },
    toggleRead() {
      if (!shown) return;
      if (shown.isRead) {
        autoRead.current.add(shown.id);
        markUnread.mutate({ id: shown.id });
      } else {
        markRead.mutate({ id: shown.id }, { onSuccess: () => toastSuccess(messagesText.markedRead) });
      }
    },
  };
}

export type MessageInbox = ReturnType<typeof useMessageInbox>;
