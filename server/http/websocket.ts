import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { appRouter } from '../routers';
import { createContext } from '../trpc/context';
import type { AppDeps } from '../deps';
import { originAllowed } from '../auth/origin';
import { liveSessionIds, sessionFromRequest, type SessionKind } from '../auth/sessions';
import { isDatabaseUnavailable } from '../errors';
import { log } from '../lib/log';

const MAX_MESSAGE_BYTES = 64 * 1024;
/** Open sockets per signed-in account; a browser needs one per tab. */
export const MAX_SOCKETS_PER_OWNER = 16;
/** Sessions can also end unseen (expiry, or while the event bus was down): checked this often. */
const SESSION_RECHECK_MS = 60_000;

function refuse(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

type SocketSession = { id: string; kind: SessionKind; ownerKey: string };

/** The sessions a connection is opened with, so sign-out can close it. */
async function socketSessions(deps: AppDeps, req: IncomingMessage): Promise<SocketSession[]> {
  const found: SocketSession[] = [];
  for (const kind of ['customer', 'admin'] as const) {
    const result = await sessionFromRequest(deps, req, kind);
    if (result && result !== 'invalid') found.push({ id: result.session.id, kind, ownerKey: `${kind}:${result.session.ownerId}` });
  }
  return found;
}

/**
 * The open sockets with the sessions each was opened with, and how many each account has open
 * (a socket opened with both a customer and an admin session counts for both), kept as sockets
 * open and close so an upgrade reads its account's count at once.
 */
function openSockets() {
  const sockets = new Map<WebSocket, SocketSession[]>();
  const perOwner = new Map<string, number>();
  const countOf = (ownerKey: string) => perOwner.get(ownerKey) ?? 0;
  const remove = (ws: WebSocket) => {
    const found = sockets.get(ws);
    if (!found) return;
    sockets.delete(ws);
    for (const s of found) {
      const left = countOf(s.ownerKey) - 1;
      if (left > 0) perOwner.set(s.ownerKey, left);
      else perOwner.delete(s.ownerKey);
    }
  };
  return {
    countOf,
    add(ws: WebSocket, found: SocketSession[]) {
      sockets.set(ws, found);
      for (const s of found) perOwner.set(s.ownerKey, countOf(s.ownerKey) + 1);
    },
    remove,
    sessions: () => [...sockets.values()].flat(),
    /** Closes every socket one of whose sessions has ended. */
    closeWhere(ended: (s: SocketSession) => boolean) {
      for (const [ws, found] of sockets) {
        if (found.some(ended)) {
          ws.close(4001, 'session ended');
          remove(ws);
        }
      }
    },
  };
}

/**
 * tRPC subscriptions over WebSocket on the HTTP port, path /trpc (docs/security.md property 19): the upgrade is
 * refused for a foreign Origin, without a live session, or past the per-account socket cap;
 * messages over 64 KiB are rejected; a socket closes when its session ends: at once on the
 * `session.ended` event, and at the latest on the next re-check (after the event bus was down,
 * and every minute). Every call over a socket also re-reads its session (trpc/init.ts).
 */
export function attachWebSocket(server: HttpServer, deps: AppDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const sockets = openSockets();
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
    socketSessions(deps, req)
      .then((found) => {
        if (found.length === 0) return refuse(socket, 401, 'Unauthorized');
        if (found.some((s) => sockets.countOf(s.ownerKey) >= MAX_SOCKETS_PER_OWNER)) return refuse(socket, 429, 'Too Many Requests');
        wss.handleUpgrade(req, socket, head, (ws) => {
          sockets.add(ws, found);
          ws.on('close', () => sockets.remove(ws));
          wss.emit('connection', ws, req);
        });
      })
      .catch((err) =>
        isDatabaseUnavailable(err) ? refuse(socket, 503, 'Service Unavailable') : refuse(socket, 500, 'Internal Server Error'),
      );
  });

  /** Closes every socket one of whose sessions is no longer live. */
  const recheck = async () => {
    const all = sockets.sessions();
    for (const kind of ['customer', 'admin'] as const) {
      const ids = [...new Set(all.filter((s) => s.kind === kind).map((s) => s.id))];
      const live = await liveSessionIds(deps.db, kind, ids);
      sockets.closeWhere((s) => s.kind === kind && !live.has(s.id));
    }
  };
  const recheckLogged = () => recheck().catch((err) => log().warn({ err }, 'websocket session re-check failed'));
  const timer = setInterval(recheckLogged, SESSION_RECHECK_MS);
  timer.unref();

  const abort = new AbortController();
  void (async () => {
    for await (const event of deps.bus.subscribe(abort.signal)) {
      if (event.type === 'session.ended') sockets.closeWhere((s) => s.id === event.sessionId);
      else if (event.type === 'bus.resumed') void recheckLogged();
    }
  })();

  return {
    wss,
    /** For tests: run the periodic session re-check now. */
    recheck,
    close: async () => {
      abort.abort();
      clearInterval(timer);
      handler.broadcastReconnectNotification();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
