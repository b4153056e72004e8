import { afterAll, beforeAll, expect, test } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { waitFor } from '../helpers/wait';
import { readEnv } from '../../server/env';
import { WebhookSender } from '../../server/jobs/webhook-sender';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 7: a receiver that trickles a byte now and then (never finishing its answer) held
 * the only sender for ever, and every other seller's webhooks waited behind it. Real sockets: a
 * trickling receiver beside a normal one; the normal seller's event arrives while the trickler
 * still holds its connection, and the trickler's delivery ends at the deadline and is retried.
 */
let h: DbHandle;
let sender: WebhookSender | undefined;
const sockets = new Set<net.Socket>();
const timers = new Set<NodeJS.Timeout>();
let trickler: net.Server;
let normal: http.Server;
const received: string[] = [];

beforeAll(async () => {
  h = await freshDatabase();
  // Accepts, then sends its answer one byte every 300 ms: a valid status line and a header that never ends.
  trickler = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    const head = 'HTTP/1.1 200 OK\r\nX-Slow: ';
    let sent = 0;
    const t = setInterval(() => socket.write(head[sent++] ?? 'a'), 300);
    timers.add(t);
    socket.on('close', () => clearInterval(t));
  });
  normal = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => trickler.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => normal.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await sender?.stop();
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  await new Promise((r) => trickler.close(r));
  await new Promise((r) => normal.close(r));
  await h.close();
});

async function sellerWithWebhook(url: string) {
  const { user } = await userWithUpload(h.db);
  await h.db.insertInto('api_webhooks').values({ user_id: user.id, url, secret: 'gizli' }).execute();
  return user.id;
}

async function queue(userId: string, url: string, event: string) {
  return (
    await h.db
      .insertInto('api_webhook_deliveries')
      .values({ user_id: userId, event_type: 'generation.completed', url, body: JSON.stringify({ event }), dedupe_key: randomUUID() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** The events received (each body is the stored event with its id, attempt and time added). */
const eventsReceived = () => received.map((b) => (JSON.parse(b) as { event?: string }).event);

const until = <T>(what: string, read: () => Promise<T | undefined>) => waitFor(read, { timeout: 60_000, every: 50, what });

test(
  'a trickling receiver holds one sender at most; the other seller gets its event, the trickle ends at the deadline',
  { timeout: 120_000 },
  async () => {
    const slowUrl = `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/hook`;
    const fastUrl = `http://127.0.0.1:${(normal.address() as AddressInfo).port}/hook`;
    const slow = await sellerWithWebhook(slowUrl);
    const fast = await sellerWithWebhook(fastUrl);
    // The slow seller's events are first in the queue, two of them.
    const slowFirst = await queue(slow, slowUrl, 'slow-1');
    await queue(slow, slowUrl, 'slow-2');
    await queue(fast, fastUrl, 'fast-1');

    const env = readEnv({ API_WEBHOOKS_ALLOW_PRIVATE: 'true' } as NodeJS.ProcessEnv);
    // An idle timeout the trickle never reaches; the overall deadline is what ends its attempt.
    sender = new WebhookSender({ db: h.db, env }, { pollMs: 50, timeoutMs: 60_000, deadlineMs: 10_000, retryBaseMs: 60_000 });
    sender.start();

    // The normal seller's event arrives while the trickler still holds its delivery.
    await until('the normal seller got its event', async () => (eventsReceived().includes('fast-1') ? true : undefined));
    const held = await h.db
      .selectFrom('api_webhook_deliveries')
      .select(['status', 'attempts'])
      .where('id', '=', slowFirst)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ status: 'sending', attempts: 1 });
    // One sender for the slow seller: its second event waits for the first.
    expect(
      await h.db.selectFrom('api_webhook_deliveries').select('id').where('user_id', '=', slow).where('status', '=', 'sending').execute(),
    ).toHaveLength(1);

    // The deadline ends the trickler's attempt; it is logged and queued for a retry.
    const attempt = await until('the trickle attempt ended', async () =>
      h.db.selectFrom('api_webhook_attempts').select(['status_code', 'error']).where('delivery_id', '=', slowFirst).executeTakeFirst(),
    );
    expect(attempt.status_code).toBeNull();
    expect(attempt.error).toMatch(/no answer within 10000 ms/);
    const after = await h.db
      .selectFrom('api_webhook_deliveries')
      .select(['status', 'lease_owner'])
      .where('id', '=', slowFirst)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'queued', lease_owner: null });
  },
);

test('a delivery whose sender died (lease run out) is claimed again and delivered', { timeout: 60_000 }, async () => {
  const fastUrl = `http://127.0.0.1:${(normal.address() as AddressInfo).port}/hook`;
  const seller = await sellerWithWebhook(fastUrl);
  const id = await queue(seller, fastUrl, 'orphan');
  // A sender that claimed it and died: `sending`, its lease already over.
  await h.db
    .updateTable('api_webhook_deliveries')
    .set({ status: 'sending', lease_owner: 'dead-sender', lease_expires_at: new Date(Date.now() - 1000), attempts: 1 })
    .where('id', '=', id)
    .execute();
  const done = await until('the orphan was delivered', async () => {
    const d = await h.db.selectFrom('api_webhook_deliveries').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    return d.status === 'delivered' ? d : undefined;
  });
  expect(done.attempts).toBe(2);
  expect(eventsReceived()).toContain('orphan');
});
