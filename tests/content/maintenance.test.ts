import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, upload, uploaded, validSignUp } from '../helpers/server';
import { productPhoto } from '../helpers/fixtures';
import { countRows } from '../helpers/inspect';
import { M } from '../../shared/messages';
import { setSetting } from '../../server/services/settings';
import type { RunningServer } from '../../server/index';
import type { Db } from '../../server/db';

const MAINTENANCE = 'Bakım çalışması nedeniyle kısa bir süre hizmet veremiyoruz.';
const ADMIN = { email: 'admin@test.local', password: 'admin-secret-1' };

let server: RunningServer;
let db: Db;
let ipSeq = 0;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  db = server.deps.db;
});
afterAll(async () => {
  await server?.close();
});

function client() {
  const c = new HttpClient(server.url);
  c.headers['x-forwarded-for'] = `10.7.0.${++ipSeq}`;
  return c;
}

const contact = { name: 'Ayşe Yılmaz', email: 'ayse@example.com', message: 'Bakım sırasında gönderilen mesaj.' };

describe('maintenance mode (D23)', () => {
  test('public and customer procedures are refused; admin and site info keep working', async () => {
    const customer = client();
    expect((await customer.mutate('auth.signUp', validSignUp('bakim@example.com'))).status).toBe(200);
    expect((await client().query('content.landing')).status).toBe(200);

    await setSetting(db, 'maintenance_mode', 'true');
    try {
      const messagesBefore = await countRows(db, 'contact_messages');
      const refused = [
        await client().query('content.landing'),
        await client().query('content.plans'),
        await client().mutate('content.submitContact', contact),
        await client().mutate('auth.signIn', { email: 'bakim@example.com', password: 'gizli-sifre' }),
        await customer.query('credits.balance'),
      ];
      for (const r of refused) {
        expect(r.status).toBe(503);
        expect(r.error.message).toBe(MAINTENANCE);
        expect(r.error.message).toBe(M.common.maintenance);
        expect(r.error.data.appCode).toBe('MAINTENANCE');
        expect(r.data).toBeUndefined();
      }
      expect(await countRows(db, 'contact_messages')).toBe(messagesBefore);

      // The admin area keeps working.
      const admin = client();
      const login = await admin.mutate('admin.login', ADMIN);
      expect(login.status).toBe(200);
      const me = await admin.query('admin.me');
      expect(me.status).toBe(200);
      expect(me.data.admin?.email).toBe(ADMIN.email);

      // The shell can still learn about maintenance (and the brand) to show the maintenance page.
      const site = await client().query('content.site');
      expect(site.status).toBe(200);
      expect(site.data.maintenanceMode).toBe(true);
    } finally {
      await setSetting(db, 'maintenance_mode', 'false');
    }

    // Back at once, in this process and any other (settings are read per call).
    expect((await client().query('content.landing')).status).toBe(200);
    expect((await client().mutate('content.submitContact', contact)).status).toBe(200);
    expect((await customer.query('credits.balance')).status).toBe(200);
  });

  test('every customer REST route is closed too, while the admin routes and public files stay open', async () => {
    const customer = client();
    expect((await customer.mutate('auth.signUp', validSignUp('bakim-rest@example.com'))).status).toBe(200);
    const photo = await uploaded(customer, await productPhoto(), 'urun.jpg');
    const uploadsBefore = await countRows(db, 'uploads');

    await setSetting(db, 'maintenance_mode', 'true');
    try {
      const refused = [
        await upload(customer, await productPhoto(), 'ikinci.jpg').then((r) => ({ status: r.status, body: r.body as unknown })),
        ...(await Promise.all(
          [
            photo.url,
            '/api/invoices/all.zip',
            '/api/exports/00000000-0000-4000-8000-000000000000',
            '/api/generations/00000000-0000-4000-8000-000000000000/export/square',
            '/api/batches/00000000-0000-4000-8000-000000000000/white.zip',
            '/api/payments/iyzico/00000000-0000-4000-8000-000000000000',
          ].map(async (path) => {
            const res = await customer.raw(path);
            return { status: res.status, body: (await res.json()) as unknown };
          }),
        )),
      ];
      for (const r of refused) {
        expect(r.status).toBe(503);
        expect(r.body).toEqual({ error: { code: 'MAINTENANCE', message: M.common.maintenance, data: { appCode: 'MAINTENANCE' } } });
      }
      expect(await countRows(db, 'uploads')).toBe(uploadsBefore);
      // A public site file is not a customer's: still served (404 for a name that does not exist, not 503).
      expect((await client().raw('/api/files/public/yok.jpg')).status).toBe(404);
    } finally {
      await setSetting(db, 'maintenance_mode', 'false');
    }
    expect((await customer.raw(photo.url)).status).toBe(200);
  });
});
