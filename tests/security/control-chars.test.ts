import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type HttpClient } from '../helpers/server';
import { adminClient, customerClient } from '../admin/helpers';
import { productPhoto } from '../helpers/fixtures';
import { M } from '../../shared/messages/admin';
import { EN } from '../../shared/messages/en/public';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 10: a NUL (or another control character) in any free-text field was a 500
 * (PostgreSQL refuses `\u0000` in text). Every field refuses it with a 4xx in the user's language
 * and nothing is written; line breaks and tabs stay allowed where the box is multi-line.
 */
let server: RunningServer;
let seller: HttpClient;
let admin: HttpClient;
let apiKey: string;

const TABLES = [
  'generations',
  'uploads',
  'cutouts',
  'contact_messages',
  'deletion_requests',
  'billing_profiles',
  'settings',
  'site_content',
  'portfolio_items',
  'testimonials',
  'api_webhooks',
  'credit_ledger',
  'email_outbox',
];

/** Every row of the tables a free-text write could touch, as one string: equal before and after means nothing written. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const t of TABLES) {
    const r = await sql<{ f: string | null }>`select string_agg(x::text, '|' order by x::text) as f from ${sql.table(t)} x`.execute(
      server.deps.db,
    );
    parts.push(`${t}:${r.rows[0]?.f ?? ''}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  seller = (await customerClient(server, 'nul@example.com')).client;
  admin = await adminClient(server);
  apiKey = (await seller.mutate('apiKeys.create', { name: 'Mağaza' })).data.key;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const NUL = 'Mermer zemin\u0000 gün ışığı';
const BELL = 'Mermer zemin\u0007 gün ışığı';

describe('tRPC: every free-text field refuses control characters with a Turkish 400, nothing written', () => {
  const address = { kind: 'individual', fullName: 'Ayşe Yılmaz', tckn: '10000000146', city: 'İstanbul' };
  const cases: Array<[string, () => Promise<{ status: number; error: { message: string } }>]> = [
    ['image prompt', () => seller.mutateUnchecked('generations.createImage', { uploadId: randomUUID(), prompt: NUL })],
    [
      'video prompt',
      () => seller.mutateUnchecked('generations.createVideo', { uploadId: randomUUID(), prompt: NUL, duration: 5, aspectRatio: '16:9' }),
    ],
    ['batch prompt', () => seller.mutateUnchecked('batch.create', { uploadIds: [randomUUID()], prompt: NUL })],
    [
      'invoice address',
      () => seller.mutateUnchecked('payments.saveInvoiceDetails', { ...address, address: 'Bağdat Caddesi\u0000 No 1 Kadıköy' }),
    ],
    [
      'invoice address (C1)',
      () => seller.mutateUnchecked('payments.saveInvoiceDetails', { ...address, address: 'Bağdat Caddesi\u0085 No 1 Kadıköy' }),
    ],
    [
      'contact message',
      () => seller.mutateUnchecked('content.submitContact', { name: 'Ayşe', email: 'a@example.com', message: `Merhaba ${NUL} bilgi` }),
    ],
    ['deletion reason', () => seller.mutateUnchecked('auth.requestDeletion', { reason: BELL })],
    ['webhook address', () => seller.mutateUnchecked('apiKeys.setWebhook', { url: 'https://example.com/\u0000hook' })],
    [
      'site description',
      async () => {
        const before = (await admin.query('admin.settings.list')).data.values;
        return admin.mutateUnchecked('admin.settings.save', { ...before, siteDescription: NUL });
      },
    ],
    [
      'landing text',
      async () => {
        const item = (await admin.query('admin.content.list')).data.items[0]!;
        return admin.mutateUnchecked('admin.content.save', { items: [{ id: item.id, value: NUL }] });
      },
    ],
    [
      'portfolio description',
      () =>
        admin.mutateUnchecked('admin.portfolio.create', {
          title: 'Masa',
          description: NUL,
          beforeImageUrl: '/a.jpg',
          afterImageUrl: '/b.jpg',
        }),
    ],
    [
      'portfolio image address',
      () => admin.mutateUnchecked('admin.portfolio.create', { title: 'Masa', beforeImageUrl: '/a\u0000.jpg', afterImageUrl: '/b.jpg' }),
    ],
    ['testimonial text', () => admin.mutateUnchecked('admin.testimonials.create', { name: 'Ayşe Yılmaz', text: NUL })],
  ];

  test.each(cases)('%s', async (_name, call) => {
    const before = await fingerprint();
    const r = await call();
    expect(r.status).toBe(400);
    expect([M.validation.controlChars, M.validation.singleLine, M.adminForms.imageUrlInvalid]).toContain(r.error.message);
    expect(await fingerprint()).toBe(before);
  });

  test('line breaks and tabs stay allowed in a multi-line box', async () => {
    const r = await seller.mutateUnchecked('payments.saveInvoiceDetails', {
      ...address,
      address: 'Bağdat Caddesi No 1\r\n\tKadıköy',
    });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const msg = await seller.mutate('content.submitContact', {
      name: 'Ayşe',
      email: 'a@example.com',
      message: 'Merhaba,\n\nbilgi\talmak istiyorum.',
    });
    expect(msg.status).toBe(200);
  });
});

describe('seller API: control characters in a form field are a 422 in the caller language, nothing stored', () => {
  async function post(path: string, fields: Record<string, string>, language = 'tr') {
    const fd = new FormData();
    fd.append('photo', new Blob([new Uint8Array(await productPhoto(600, 450))], { type: 'image/jpeg' }), 'masa.jpg');
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    const res = await fetch(server.url + path, {
      method: 'POST',
      body: fd,
      headers: { authorization: `Bearer ${apiKey}`, 'accept-language': language },
    });
    return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
  }

  test.each([
    ['/api/v1/images', { prompt: NUL }],
    ['/api/v1/videos', { prompt: NUL, duration: '5', aspectRatio: '16:9' }],
  ])('%s', async (path, fields) => {
    const before = await fingerprint();
    const tr = await post(path, fields);
    expect(tr.status).toBe(422);
    expect(tr.body.error.message).toBe('Bu alan kontrol karakteri içeremez');
    const en = await post(path, fields, 'en');
    expect(en.status).toBe(422);
    expect(en.body.error.message).toBe(EN.validation.controlChars);
    expect(await fingerprint()).toBe(before);
  });
});
