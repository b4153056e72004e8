import type { EventBus } from './bus';

/**
 * What services announce after their transaction commits (never inside it: a rolled-back
 * change must not reach a screen). One place, so every balance change and every ended session
 * is said the same way.
 */
export function announceBalance(bus: EventBus, userId: string, balance: number): void {
  bus.publish({ type: 'credits.changed', userId, balance });
}

/** Their sockets close (http/websocket.ts). */
export function announceEndedSessions(bus: EventBus, sessionIds: readonly string[]): void {
  for (const sessionId of sessionIds) bus.publish({ type: 'session.ended', sessionId });
}
