import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { appRouter } from '../trpc/router';
import { createContext, type AppDeps } from '../trpc/context';
import { originAllowed } from '../auth/origin';
import { COOKIE_NAME, readCookie } from '../auth/cookies';
import { validateSession } from '../auth/sessions';

const MAX_MESSAGE_BYTES = 64 * 1024;

function refuse(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** The ids of the sessions a connection was opened with, so sign-out can close it. */
async function sessionIds(deps: AppDeps, req: IncomingMessage): Promise<string[]> {
  const ids: string[] = [];
  for (const kind of ['customer', 'admin'] as const) {
    const token = readCookie(req.headers.cookie, COOKIE_NAME[kind]);
    const result = token ? await validateSession(deps.db, kind, token) : null;
    if (result) ids.push(result.session.id);
  }
  return ids;
}

/**
 * tRPC subscriptions over WebSocket on the HTTP port, path /trpc (SECURITY 19): the upgrade is
 * refused for a foreign Origin or without a live session; messages over 64 KiB are rejected;
 * a socket closes when its session ends.
 */
export function attachWebSocket(server: HttpServer, deps: AppDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const bySession = new Map<string, Set<WebSocket>>();
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) => createContext(deps, req, undefined, 'ws'),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/trpc') return; // other upgrades (Vite HMR in dev) are not ours
    if (!originAllowed(req.headers.origin, req.headers.host, deps.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    sessionIds(deps, req)
      .then((ids) => {
        if (ids.length === 0) return refuse(socket, 401, 'Unauthorized');
        wss.handleUpgrade(req, socket, head, (ws) => {
          for (const id of ids) {
            if (!bySession.has(id)) bySession.set(id, new Set());
            bySession.get(id)!.add(ws);
          }
          ws.on('close', () => ids.forEach((id) => bySession.get(id)?.delete(ws)));
          wss.emit('connection', ws, req);
        });
      })
      .catch(() => refuse(socket, 500, 'Internal Server Error'));
  });

  const abort = new AbortController();
  void (async () => {
    for await (const event of deps.bus.subscribe(abort.signal)) {
      if (event.type !== 'session.ended') continue;
      for (const ws of bySession.get(event.sessionId) ?? []) ws.close(4001, 'session ended');
      bySession.delete(event.sessionId);
    }
  })();

  return {
    wss,
    close: async () => {
      abort.abort();
      handler.broadcastReconnectNotification();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
