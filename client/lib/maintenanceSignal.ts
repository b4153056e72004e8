import { useSyncExternalStore } from 'react';

/**
 * Set when any call answers with appCode MAINTENANCE, so the public site and the
 * customer area switch to the maintenance page at once. Holds the time it was
 * raised, so only a settings answer newer than that can lower it again.
 */
let raisedAt: number | null = null;
const listeners = new Set<() => void>();

export function raiseMaintenanceSignal(): void {
  if (raisedAt !== null) return;
  raisedAt = Date.now();
  listeners.forEach((l) => l());
}

export function lowerMaintenanceSignal(): void {
  if (raisedAt === null) return;
  raisedAt = null;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The time the signal was raised, or null. */
export function useMaintenanceSignal(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => raisedAt,
    () => null,
  );
}
