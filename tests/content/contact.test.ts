import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerWorld, type CallerWorld } from '../helpers/caller';
import { countRows } from '../helpers/inspect';
import { M } from '../../shared/messages';
import { ZContactMessage } from '../../shared/schemas/contact';
import { LIMITS } from '../../server/auth/rate-limit';
import type { AppEvent } from '../../server/events/bus';
import type { Db } from '../../server/db';

const SUCCESS = 'Mesajınız alındı. En kısa sürede size dönüş yapacağız.';
const TOO_MANY = 'Çok fazla deneme. Lütfen biraz bekleyin';

// The form's rules with no HTTP server (tests/helpers/caller.ts); a cross-site post is refused before
// tRPC, by the Origin guard (tests/security/http.test.ts).
let world: CallerWorld;
let db: Db;
let ipSeq = 0;

beforeAll(async () => {
  world = await callerWorld({ TRUST_PROXY: '1' });
  db = world.deps.db;
});
afterAll(async () => {
  await world?.close();
});

/** A visitor from an IP of its own, so tests do not share a rate-limit window. */
function visitor(ip = `10.9.0.${++ipSeq}`) {
  const c = world.client();
  c.headers['x-forwarded-for'] = ip;
  return c;
}

const valid = (over: Record<string, unknown> = {}) => ({
  name: '  Ayşe Yılmaz ',
  email: 'Ayse@Example.com',
  company: 'Ahşap Atölyesi',
  message: 'Merhaba, kurumsal paketler hakkında bilgi almak istiyorum.',
  ...over,
});

describe('content.submitContact (D19)', () => {
  test('the catalogue holds the D19 success text', () => {
    expect(M.contact.success).toBe(SUCCESS);
  });

  test('stores the message (trimmed, e-mail lower-cased) as unread and tells the admin feed', async () => {
    const events: AppEvent[] = [];
    const ac = new AbortController();
    const listening = (async () => {
      for await (const e of world.deps.bus.subscribe(ac.signal)) events.push(e);
    })();
    const r = await visitor().mutate('content.submitContact', valid());
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ok: true });

    const rows = await db.selectFrom('contact_messages').selectAll().where('email', '=', 'ayse@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ayşe Yılmaz',
      company: 'Ahşap Atölyesi',
      message: 'Merhaba, kurumsal paketler hakkında bilgi almak istiyorum.',
      is_read: false,
      read_at: null,
      read_by: null,
    });

    await expect.poll(() => events.length).toBeGreaterThan(0);
    ac.abort();
    await listening;
    const activity = events.find((e) => e.type === 'admin.activity');
    expect(activity).toMatchObject({ type: 'admin.activity', kind: 'message', summary: M.contact.activity('Ayşe Yılmaz') });
    expect(Number.isNaN(Date.parse((activity as { at: string }).at))).toBe(false);
  });

  test('company is optional: empty and missing are stored as null', async () => {
    const v = visitor();
    expect((await v.mutate('content.submitContact', valid({ email: 'a1@example.com', company: '' }))).status).toBe(200);
    const { company: _omit, ...noCompany } = valid({ email: 'a2@example.com' });
    expect((await v.mutate('content.submitContact', noCompany)).status).toBe(200);
    const rows = await db
      .selectFrom('contact_messages')
      .select(['email', 'company'])
      .where('email', 'in', ['a1@example.com', 'a2@example.com'])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.company === null)).toBe(true);
  });

  test('bad input is refused with the Turkish texts, per field, and nothing is written', async () => {
    const before = await countRows(db, 'contact_messages');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [valid({ name: 'A' }), 'name', M.validation.fullNameMin],
      [valid({ email: 'gecersiz' }), 'email', M.validation.email],
      [valid({ message: 'kısa' }), 'message', M.contact.messageMin],
      [valid({ message: 'x'.repeat(5001) }), 'message', M.contact.messageMax],
      [valid({ company: 'x'.repeat(161) }), 'company', M.validation.tooLong],
    ];
    for (const [input, field, text] of cases) {
      const r = await visitor().mutateUnchecked('content.submitContact', input);
      expect(r.status).toBe(400);
      expect(r.error.message).toBe(text);
      expect(r.error.data.appCode).toBe('VALIDATION');
      expect(r.error.data.fieldErrors?.[field]).toBe(text);
    }
    const empty = await visitor().mutateUnchecked('content.submitContact', {});
    expect(empty.status).toBe(400);
    expect(await countRows(db, 'contact_messages')).toBe(before);
  });

  test('the shared schema gives the form the same texts', () => {
    const r = ZContactMessage.safeParse({ name: '', email: 'x', message: '' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain(M.validation.fullNameMin);
    expect(messages).toContain(M.validation.email);
    expect(messages).toContain(M.contact.messageMin);
  });

  test(`is rate-limited per IP: ${LIMITS.contactPerIp.limit} messages, then the D15 text and nothing written`, async () => {
    const ip = '10.9.9.9';
    const v = visitor(ip);
    for (let i = 0; i < LIMITS.contactPerIp.limit; i++) {
      const r = await v.mutate('content.submitContact', valid({ email: `limit-${i}@example.com` }));
      expect(r.status).toBe(200);
    }
    const before = await countRows(db, 'contact_messages');
    const over = await v.mutate('content.submitContact', valid({ email: 'limit-over@example.com' }));
    expect(over.status).toBe(429);
    expect(over.error.message).toBe(TOO_MANY);
    expect(over.error.data.appCode).toBe('RATE_LIMITED');
    expect(await countRows(db, 'contact_messages')).toBe(before);

    // Another visitor is not affected.
    expect((await visitor().mutate('content.submitContact', valid({ email: 'other@example.com' }))).status).toBe(200);
  });
});
