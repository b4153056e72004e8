import { afterAll, beforeAll, expect, test } from 'vitest';
import http from 'node:http';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { waitFor } from '../helpers/wait';
import { readEnv } from '../../server/env';
import { WebhookSender } from '../../server/jobs/webhook-sender';
import { rotateWebhookSecret, setWebhook, webhookOverview } from '../../server/services/api-webhooks';
import type { DbHandle } from '../../server/db';

/**
 * Issue 34 item 8: each webhook event has an id (the same at every attempt) and each delivery an
 * attempt number, in the headers and the body; the Standard Webhooks headers beside
 * X-Vitrin-Signature; a rotated secret keeps signing (beside the new one) for 24 hours.
 */
type Received = { headers: http.IncomingHttpHeaders; body: string };
let h: DbHandle;
let receiver: http.Server;
let url: string;
let sender: WebhookSender;
const received: Received[] = [];
let failNext = 1;
const env = readEnv({ API_WEBHOOKS_ALLOW_PRIVATE: 'true' } as NodeJS.ProcessEnv);

beforeAll(async () => {
  h = await freshDatabase();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(failNext-- > 0 ? 500 : 200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sender = new WebhookSender({ db: h.db, env }, { pollMs: 50, retryBaseMs: 20, maxDelayMs: 40 });
  sender.start();
});
afterAll(async () => {
  await sender?.stop();
  await new Promise((r) => receiver.close(r));
  await h.close();
});

/**
 * The Standard Webhooks verification, as its reference libraries do it: the key is the base64 after
 * `whsec_`; the signed content `<id>.<timestamp>.<body>`; any space-separated `v1,<base64>` may match.
 */
function standardVerify(secret: string, r: Received): boolean {
  const id = r.headers['webhook-id'] as string;
  const t = r.headers['webhook-timestamp'] as string;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${t}.${r.body}`).digest();
  return (r.headers['webhook-signature'] as string).split(' ').some((s) => {
    const [version, sig] = s.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** X-Vitrin-Signature: `t=…` and one `v1=<hex>` per valid secret; true when one is `secret`'s. */
function vitrinVerify(secret: string, r: Received): boolean {
  const parts = (r.headers['x-vitrin-signature'] as string).split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')![1];
  const expected = createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex');
  return parts.some(([k, v]) => k === 'v1' && v === expected);
}

async function queue(userId: string, data: unknown) {
  return await h.db
    .insertInto('api_webhook_deliveries')
    .values({
      user_id: userId,
      event_type: 'generation.completed',
      url,
      body: JSON.stringify({ type: 'generation.completed', data }),
      dedupe_key: randomUUID(),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

const bodyOf = (r: Received) => JSON.parse(r.body) as { id: string; type: string; attempt: number; createdAt: string; data: unknown };

test('an event keeps its id at every attempt; each attempt is numbered; both signature schemes verify', async () => {
  const { user } = await userWithUpload(h.db);
  const { secret } = await setWebhook({ db: h.db, env }, user.id, url);
  const d = await queue(user.id, { n: 1 });
  await waitFor(() => received.length >= 2, { timeout: 20_000, what: 'a failed attempt and its retry' });
  const [first, second] = received;
  for (const [i, r] of [first!, second!].entries()) {
    expect(r.headers['webhook-id']).toBe(d.id);
    expect(r.headers['x-vitrin-attempt']).toBe(String(i + 1));
    expect(bodyOf(r)).toEqual({
      id: d.id,
      type: 'generation.completed',
      attempt: i + 1,
      createdAt: new Date(d.created_at).toISOString(),
      data: { n: 1 },
    });
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(r.headers['x-vitrin-signature']).toBe(
      `t=${r.headers['webhook-timestamp']},v1=${createHmac('sha256', secret).update(`${r.headers['webhook-timestamp']}.${r.body}`).digest('hex')}`,
    );
    expect(standardVerify(secret, r)).toBe(true);
    expect(vitrinVerify(secret, r)).toBe(true);
    // A tampered body verifies with neither.
    expect(standardVerify(secret, { ...r, body: r.body + ' ' })).toBe(false);
    expect(vitrinVerify(secret, { ...r, body: r.body + ' ' })).toBe(false);
  }
});

test('a rotated secret: both sign for 24 hours (either verifies), then only the new one', async () => {
  received.length = 0;
  const { user } = await userWithUpload(h.db);
  const { secret: old } = await setWebhook({ db: h.db, env }, user.id, url);
  const rotated = (await rotateWebhookSecret(h.db, user.id))!;
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(old);
  const overview = await webhookOverview(h.db, user.id);
  expect(overview.previousSecretUntil).toBe(rotated.previousValidUntil);
  expect(new Date(rotated.previousValidUntil).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

  await queue(user.id, { n: 2 });
  const during = await waitFor(() => received[0], { timeout: 20_000, what: 'the event during the rotation' });
  expect((during.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
  expect((during.headers['x-vitrin-signature'] as string).split(',').filter((p) => p.startsWith('v1='))).toHaveLength(2);
  for (const s of [old, rotated.secret]) {
    expect(standardVerify(s, during)).toBe(true);
    expect(vitrinVerify(s, during)).toBe(true);
  }
  expect(standardVerify('whsec_' + Buffer.from('başka').toString('base64'), during)).toBe(false);

  // The day is over: only the new secret signs.
  await h.db
    .updateTable('api_webhooks')
    .set({ previous_secret_until: new Date(Date.now() - 1000) })
    .where('user_id', '=', user.id)
    .execute();
  expect((await webhookOverview(h.db, user.id)).previousSecretUntil).toBeNull();
  await queue(user.id, { n: 3 });
  const after = await waitFor(() => received[1], { timeout: 20_000, what: 'the event after the rotation' });
  expect((after.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
  expect(standardVerify(rotated.secret, after)).toBe(true);
  expect(standardVerify(old, after)).toBe(false);
  expect(vitrinVerify(old, after)).toBe(false);

  // Saving the address again makes a new secret at once, with no overlap; no endpoint, nothing to rotate.
  await setWebhook({ db: h.db, env }, user.id, url);
  expect((await webhookOverview(h.db, user.id)).previousSecretUntil).toBeNull();
  const { user: none } = await userWithUpload(h.db);
  expect(await rotateWebhookSecret(h.db, none.id)).toBeNull();
});
