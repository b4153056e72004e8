/**
 * "Work was queued" inside one process: the loops that poll a queue subscribe, so new work starts at
 * once instead of at the next poll. Other processes still find it by polling; the signal only saves
 * the wait here. One per queue (e-mails, webhook deliveries, data exports).
 */
export type WakeSignal = {
  /** Call after the transaction that queued the work has committed. */
  wake: () => void;
  /** Registers a wake-up; returns its removal. */
  subscribe: (wakeUp: () => void) => () => void;
};

export function wakeSignal(): WakeSignal {
  const wakers = new Set<() => void>();
  return {
    wake: () => {
      for (const wakeUp of wakers) wakeUp();
    },
    subscribe: (wakeUp) => {
      wakers.add(wakeUp);
      return () => {
        wakers.delete(wakeUp);
      };
    },
  };
}
