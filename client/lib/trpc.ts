import { createTRPCReact, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router';

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
      false: httpBatchLink({ url: '/trpc' }),
    }),
  ],
});

