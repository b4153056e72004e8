import { useSyncExternalStore } from 'react';
import type { RouterOutputs } from '../../../lib/trpc';
import { ADMIN_FEED_SIZE } from '../../../../shared/schemas/admin';

export type ActivityEntry = RouterOutputs['admin']['dashboard']['activity'][number];

/**
 * The dashboard's live feed: at most 5 entries, newest first, one per happening (entries carry a
 * stable id, so a backfill after a reconnect or a re-queued job never shows twice). Fed by the
 * subscription in AdminLiveSync and by the dashboard query (the fallback while the socket is down).
 */
let entries: ActivityEntry[] = [];
const listeners = new Set<() => void>();

export function mergeActivity(incoming: ActivityEntry[]): void {
  if (incoming.length === 0) return;
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const e of incoming) {
    const known = byId.get(e.id);
    byId.set(e.id, known ? { ...e, live: known.live || e.live } : e);
  }
  const next = [...byId.values()].sort((a, b) => b.at.localeCompare(a.at)).slice(0, ADMIN_FEED_SIZE);
  if (next.length === entries.length && next.every((e, i) => e === entries[i])) return;
  entries = next;
  listeners.forEach((l) => l());
}

export function clearActivity(): void {
  entries = [];
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActivityFeed(): ActivityEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}
