import type { EventBus } from './bus';
import { dropCachedSessions } from '../auth/session-cache';

/**
 * What services announce after their transaction commits (never inside it: a rolled-back
 * change must not reach a screen). One place, so every balance change and every ended session
 * is said the same way.
 */
export function announceBalance(bus: EventBus, userId: string, balance: number): void {
  bus.publish({ type: 'credits.changed', userId, balance });
}

/**
 * Their sockets close (http/websocket.ts) and they leave the session cache (auth/session-cache.ts): this
 * process's at once, the other processes' when the event reaches them. Every ending of a live session is
 * announced here (tests/auth/session-endings.test.ts holds the call sites).
 */
export function announceEndedSessions(bus: EventBus, sessionIds: readonly string[]): void {
  dropCachedSessions(bus, sessionIds);
  for (const sessionId of sessionIds) bus.publish({ type: 'session.ended', sessionId });
}
