import { createTRPCReact, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useSyncExternalStore } from 'react';
import type { AppRouter } from '../../server/routers';
import { activeLanguage } from '../../shared/messages/language';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Typed tRPC hooks for the whole client. */
export const trpc = createTRPCReact<AppRouter>();

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/trpc`;
}

/**
 * The socket opens only while a subscription is active and closes 10 s after
 * the last one ends, so public pages never hold a connection.
 */
export const wsClient = createWSClient({
  url: socketUrl,
  lazy: { enabled: true, closeMs: 10_000 },
});

/** Subscriptions go over the WebSocket, everything else over batched HTTP (plain JSON, no transformer). */
export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient }),
      // The server answers (errors, plan texts) in the language the screens show.
      false: httpBatchLink({ url: '/trpc', headers: () => ({ 'accept-language': activeLanguage() }) }),
    }),
  ],
});

/*
 * Realtime identity. The server authenticates a socket from the session cookie once, when it
 * connects, and closes it (code 4001) when that session signs out. So whenever the signed-in
 * identity changes (sign-in, sign-up, sign-out) the socket must be dropped and reopened with
 * the new cookie. `resetRealtime()` closes it (lazy mode reopens it on the next subscription)
 * and bumps an epoch; live-update components key their subscriptions on that epoch, so they
 * subscribe afresh over the new socket instead of staying completed.
 */
let realtimeEpoch = 0;
const epochListeners = new Set<() => void>();

export async function resetRealtime(): Promise<void> {
  const ws = wsClient.connection?.ws;
  await wsClient.close().catch(() => undefined);
  // Wait for the old socket to be fully closed, so new subscriptions never ride on it.
  if (ws && ws.readyState !== WebSocket.CLOSED) {
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      ws.addEventListener('close', done, { once: true });
      setTimeout(done, 1000);
    });
  }
  realtimeEpoch += 1;
  epochListeners.forEach((listener) => listener());
}

function subscribeEpoch(listener: () => void): () => void {
  epochListeners.add(listener);
  return () => epochListeners.delete(listener);
}

/** Changes after every `resetRealtime()`; use it as a React key for subscription components. */
export function useRealtimeEpoch(): number {
  return useSyncExternalStore(
    subscribeEpoch,
    () => realtimeEpoch,
    () => realtimeEpoch,
  );
}

function subscribeConnection(listener: () => void): () => void {
  const sub = wsClient.connectionState.subscribe({ next: listener });
  return () => sub.unsubscribe();
}

const isSocketOpen = () => wsClient.connectionState.get().state === 'pending';

/** True while the WebSocket is open; when false, screens fall back to polling. */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribeConnection, isSocketOpen, () => false);
}
