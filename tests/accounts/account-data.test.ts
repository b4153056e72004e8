import { afterAll, beforeAll, expect, test } from 'vitest';
import JSZip from 'jszip';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, upload } from '../helpers/server';
import { sellerWithRun, waitForExport } from '../helpers/seller-with-run';
import { ledgerSum, productPhoto } from '../helpers/fixtures';
import { adminClient, customerClient } from '../admin/helpers';
import { startMailbox, type Mailbox } from '../email/mailbox';
import { erasedEmail } from '../../server/services/account-deletion';
import { enqueueEmail } from '../../server/email/outbox';
import { runCutout } from '../../server/services/studio';
import type { StudioPool } from '../../server/studio/pool';
import { passwordResetEmail } from '../../server/email/templates/account';
import { M } from '../../shared/messages';
import { pdfText } from '../helpers/pdf';
import type { RunningServer } from '../../server/index';

let server: RunningServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUST_PROXY: '1', SIGNUP_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});

/** A seller with a photo, its cut-out, a finished image run (4 outputs + thumbnails in storage) and one purchase. */
async function busySeller(email: string) {
  const made = await sellerWithRun(server, email, {
    width: 400,
    height: 300,
    prompt: 'ceviz sehpa, beyaz fon',
    thumbs: true,
    payment: { amountCents: 7900, currency: 'USD', card: { brand: 'visa', last4: '4242' } },
  });
  const { db, storage } = server.deps;
  const cutoutKey = `cutouts/${made.userId}/${made.uploadId}/${crypto.randomUUID()}.png`;
  await storage.put(cutoutKey, Buffer.from('png'), 'image/png');
  await db
    .insertInto('cutouts')
    .values({ upload_id: made.uploadId, user_id: made.userId, storage_key: cutoutKey, width: 400, height: 300 })
    .execute();
  return { ...made, genId: made.runId };
}

test('"Verilerimi indir": a zip of profile, generations with their files, credit transactions and invoices, owner only, for 24 h', async () => {
  const { client, genId, uploadId } = await busySeller('disa-aktar@example.com');
  const other = await customerClient(server, 'baskasi@example.com');
  const queued = await client.mutate('auth.requestExport');
  expect(queued.status).toBe(200);
  expect(['queued', 'processing', 'ready']).toContain(queued.data.status);
  const ready = await waitForExport(client);
  expect(ready.status).toBe('ready');
  const ttl = new Date(ready.expiresAt!).getTime() - Date.now();
  expect(ttl).toBeGreaterThan(23.9 * 3600_000);
  expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
  await mailbox.waitFor((m) => m.to[0] === 'disa-aktar@example.com' && m.subject === M.email.exportReadySubject);

  const res = await client.raw(`/api/exports/${ready.id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
  const names = Object.keys(zip.files);
  const profile = JSON.parse(await zip.file('profile.json')!.async('string'));
  expect(profile.account.email).toBe('disa-aktar@example.com');
  expect(profile.profile.fullName).toBe('Ayşe Yılmaz');
  expect(profile.preferences.notifications.email).toBe(true);
  const runs = JSON.parse(await zip.file('generations.json')!.async('string'));
  expect(runs).toHaveLength(1);
  expect(runs[0].id).toBe(genId);
  expect(runs[0].parameters.prompt).toBe('ceviz sehpa, beyaz fon');
  expect(runs[0].files).toHaveLength(4);
  for (const f of runs[0].files) {
    const bytes = await zip.file(f)!.async('nodebuffer');
    expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  }
  expect(names).toContain(`uploads/${uploadId}.jpg`);
  expect(names.some((n) => /^cutouts\/[0-9a-f-]+\.png$/.test(n))).toBe(true);
  const txs = JSON.parse(await zip.file('credit-transactions.json')!.async('string')) as { type: string }[];
  expect(txs.map((t) => t.type).sort()).toEqual(['bonus', 'purchase']);
  const invoices = names.filter((n) => /^invoices\/Fatura-VTR\d{13}\.pdf$/.test(n));
  expect(invoices).toHaveLength(1);
  expect(pdfText(await zip.file(invoices[0]!)!.async('nodebuffer'))).toContain(M.invoice.title);

  // Someone else, or nobody, gets the same 404 as for a zip that does not exist.
  expect((await other.client.raw(`/api/exports/${ready.id}`)).status).toBe(404);
  expect((await fetch(`${server.url}/api/exports/${ready.id}`)).status).toBe(404);
  // After its 24 hours it is gone.
  await server.deps.db
    .updateTable('data_exports')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', ready.id)
    .execute();
  expect((await client.raw(`/api/exports/${ready.id}`)).status).toBe(404);
  expect((await client.query('auth.exportStatus')).data?.status).toBe('expired');
});

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

test('a deletion request goes to the back-office; carrying it out erases the seller, leaves no file in storage and keeps every balance equal to its ledger', async () => {
  const target = await busySeller('silinecek@example.com');
  const bystander = await busySeller('kalacak@example.com');
  await target.client.mutate('auth.requestExport');
  await waitForExport(target.client);
  const phone = await customerClient(server, 'telefon-icin@example.com');
  void phone;

  const asked = await target.client.mutate('auth.requestDeletion', { reason: 'Artık kullanmıyorum' });
  expect(asked.status).toBe(200);
  const again = await target.client.mutate('auth.requestDeletion', {});
  expect(again.data.id).toBe(asked.data.id);
  expect((await target.client.query('auth.deletionStatus')).data?.id).toBe(asked.data.id);
  await mailbox.waitFor((m) => m.to[0] === 'silinecek@example.com' && m.subject === M.email.deletionRequestedSubject);

  // A customer cannot carry it out, or even see the list.
  expect((await target.client.mutate('admin.deletion.execute', { id: asked.data.id })).status).toBe(403);
  expect((await target.client.query('admin.deletion.list', { status: 'pending' })).status).toBe(403);

  const admin = await adminClient(server);
  const pending = (await admin.query('admin.deletion.list', { status: 'pending' })).data;
  expect(pending.map((r) => r.email)).toContain('silinecek@example.com');

  const dataDir = path.resolve(server.deps.env.DATA_DIR, 'files');
  const mine = () => ['uploads', 'cutouts', 'generations', 'exports'].flatMap((dir) => filesUnder(path.join(dataDir, dir, target.userId)));
  expect(mine().length).toBeGreaterThan(5);
  const bystanderFiles = filesUnder(path.join(dataDir, 'generations', bystander.userId)).length;

  const done = await admin.mutate('admin.deletion.execute', { id: asked.data.id });
  expect(done.status).toBe(200);
  expect(mine()).toEqual([]);
  expect(filesUnder(path.join(dataDir, 'generations', bystander.userId)).length).toBe(bystanderFiles);

  const { db } = server.deps;
  const user = await db.selectFrom('users').selectAll().where('id', '=', target.userId).executeTakeFirstOrThrow();
  expect(user.email).toBe(erasedEmail(target.userId));
  expect(user.is_disabled).toBe(true);
  expect(user.deleted_at).not.toBeNull();
  expect(user.credits_balance).toBe(0);
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', target.userId).executeTakeFirstOrThrow();
  expect(profile.full_name).toBe(M.adminDeletion.deletedUser);
  expect(profile.company_name).toBeNull();
  expect(profile.phone).toBeNull();
  expect(await db.selectFrom('sessions').select('id').where('user_id', '=', target.userId).execute()).toHaveLength(0);
  expect(await db.selectFrom('uploads').select('id').where('user_id', '=', target.userId).execute()).toHaveLength(0);
  expect(await db.selectFrom('billing_profiles').select('user_id').where('user_id', '=', target.userId).execute()).toHaveLength(0);
  const txEmails = await db.selectFrom('credit_transactions').select('user_email').where('user_id', '=', target.userId).execute();
  expect(txEmails.length).toBeGreaterThan(0);
  expect(txEmails.every((t) => t.user_email === erasedEmail(target.userId))).toBe(true);
  const gen = await db.selectFrom('generations').select(['parameters', 'outputs']).where('id', '=', target.genId).executeTakeFirstOrThrow();
  expect(gen.parameters).toEqual({});
  expect(gen.outputs).toEqual([]);
  // No personal field anywhere still holds the old address.
  const dump = JSON.stringify([
    await db.selectFrom('users').selectAll().where('id', '=', target.userId).execute(),
    await db.selectFrom('profiles').selectAll().where('id', '=', target.userId).execute(),
    await db.selectFrom('credit_transactions').selectAll().where('user_id', '=', target.userId).execute(),
    await db.selectFrom('deletion_requests').selectAll().where('user_id', '=', target.userId).execute(),
    await db.selectFrom('admin_logs').selectAll().execute(),
  ]);
  expect(dump).not.toContain('silinecek@example.com');

  // The seller is signed out everywhere and can no longer sign in.
  expect((await target.client.query('auth.me')).data.user).toBeNull();
  const signIn = await target.client.mutate('auth.signIn', { email: 'silinecek@example.com', password: 'gizli-sifre' });
  expect(signIn.status).toBe(401);

  // balance == sum(ledger) for every account, the erased one included.
  const users = await db.selectFrom('users').select(['id', 'credits_balance']).execute();
  for (const u of users) expect(await ledgerSum(db, u.id), u.id).toBe(u.credits_balance);

  const audit = await db.selectFrom('admin_logs').selectAll().where('action', '=', 'account.delete').execute();
  expect(audit).toHaveLength(1);
  expect(audit[0]!.target_id).toBe(target.userId);
  const req = await db.selectFrom('deletion_requests').selectAll().where('id', '=', asked.data.id).executeTakeFirstOrThrow();
  expect(req.status).toBe('completed');
  const bye = await mailbox.waitFor((m) => m.to[0] === 'silinecek@example.com' && m.subject === M.email.accountDeletedSubject);
  expect(bye.text).toContain(M.email.accountDeletedIntro);
  // Once sent, not even the outbox keeps the old address.
  const farewell = () => db.selectFrom('email_outbox').select('status').where('kind', '=', 'account_deleted').executeTakeFirstOrThrow();
  for (let i = 0; i < 50 && (await farewell()).status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 20));
  const outbox = JSON.stringify(await db.selectFrom('email_outbox').selectAll().execute());
  expect(outbox).not.toContain('silinecek@example.com');

  // Done once: a second run finds nothing pending.
  expect((await admin.mutate('admin.deletion.execute', { id: asked.data.id })).status).toBe(404);
});

test('an admin can reject a request; it is audited and the account stays', async () => {
  const { client, userId } = await customerClient(server, 'vazgecen@example.com');
  const asked = await client.mutate('auth.requestDeletion', {});
  const admin = await adminClient(server);
  expect((await admin.mutate('admin.deletion.reject', { id: asked.data.id })).status).toBe(200);
  expect((await client.query('auth.me')).data.user?.email).toBe('vazgecen@example.com');
  expect((await client.query('auth.deletionStatus')).data).toBeNull();
  const audit = await server.deps.db.selectFrom('admin_logs').select('target_id').where('action', '=', 'deletion.reject').execute();
  expect(audit.map((a) => a.target_id)).toContain(asked.data.id);
  void userId;
});

test('legal pages: starting texts name the kept data and the operator contact; admins edit them', async () => {
  const anon = (await customerClient(server, 'okuyucu@example.com')).client;
  for (const page of ['privacy', 'terms', 'kvkk', 'cookies']) {
    const r = await anon.query('legal.page', { page });
    expect(r.status).toBe(200);
    expect(r.data.body).toContain('destek@example.com');
    expect(r.data.body).not.toMatch(/\{[a-z_]+\}/);
  }
  const privacy = (await anon.query('legal.page', { page: 'privacy' })).data.body;
  for (const word of ['Hesap bilgileri', 'Fotoğraflar', 'Üretilen çıktılar', 'Ödemeler']) expect(privacy).toContain(word);
  const kvkk = (await anon.query('legal.page', { page: 'kvkk' })).data.body;
  expect(kvkk).toContain(M.legal.aiTransferLocal);
  expect(kvkk).not.toContain('fal.ai');

  const admin = await adminClient(server);
  const content = (await admin.query('admin.content.list')).data;
  const item = content.items.find((i) => i.section === 'legal' && i.key === 'cookies');
  expect(item).toBeTruthy();
  const saved = await admin.mutate('admin.content.save', {
    items: [{ id: item!.id, value: '## Çerezler\nYalnızca zorunlu çerezler. İletişim: {support_email}' }],
  });
  expect(saved.status).toBe(200);
  const edited = (await anon.query('legal.page', { page: 'cookies' })).data;
  expect(edited.body).toBe('## Çerezler\nYalnızca zorunlu çerezler. İletişim: destek@example.com');
  expect(edited.updatedAt).toBeTruthy();
});

test('the E-postalar page lists the outbox for admins only and says how mail leaves', async () => {
  const admin = await adminClient(server);
  const list = (await admin.query('admin.emails.list', { page: 1, pageSize: 50 })).data;
  expect(list.transport).toBe('smtp');
  expect(list.total).toBeGreaterThan(0);
  const one = list.items[0]!;
  const detail = (await admin.query('admin.emails.get', { id: one.id })).data;
  expect(detail.subject).toBe(one.subject);
  expect(typeof detail.text).toBe('string');
  const filtered = (await admin.query('admin.emails.list', { search: 'vazgecen', page: 1, pageSize: 50 })).data;
  expect(filtered.items.every((i) => i.to.includes('vazgecen'))).toBe(true);
  const customer = (await customerClient(server, 'merakli@example.com')).client;
  expect((await customer.query('admin.emails.list', { page: 1, pageSize: 50 })).status).toBe(403);
  expect((await fetch(`${server.url}/trpc/admin.emails.list`)).status).toBe(401);
});

test('a deletion waits while the seller still has a run in progress (it would write files afterwards)', async () => {
  const { client, userId } = await customerClient(server, 'uretimde@example.com');
  await server.deps.db
    .insertInto('generations')
    .values({
      user_id: userId,
      type: 'video',
      status: 'queued',
      credits_used: 6,
      parameters: '{}',
      run_after: new Date(Date.now() + 3600_000),
    })
    .execute();
  const asked = await client.mutate('auth.requestDeletion', {});
  const admin = await adminClient(server);
  const res = await admin.mutate('admin.deletion.execute', { id: asked.data.id });
  expect(res.status).toBe(400);
  expect(res.error.message).toBe(M.adminDeletion.runInProgress);
  expect((await client.query('auth.me')).data.user?.email).toBe('uretimde@example.com');
});

/** Every file of the user under one storage folder (uploads, cutouts, …) of the local driver. */
const userFiles = (folder: string, userId: string) => filesUnder(path.resolve(server.deps.env.DATA_DIR, 'files', folder, userId));

test('a seller still signed in cannot leave photos behind while an admin deletes the account', async () => {
  const target = await busySeller('yukleyen@example.com');
  const photo = await productPhoto(300, 200);
  const asked = await target.client.mutate('auth.requestDeletion', {});
  const admin = await adminClient(server);
  const { storage } = server.deps;
  const realDelete = storage.delete.bind(storage);
  const during: number[] = [];
  // While the admin's deletion removes the first file, the seller's open tab uploads two photos.
  storage.delete = async (key) => {
    if (during.length === 0) {
      during.push(0);
      for (const name of ['a.jpg', 'b.jpg']) during.push((await upload(target.client, photo, name)).status);
    }
    return realDelete(key);
  };
  try {
    expect((await admin.mutate('admin.deletion.execute', { id: asked.data.id })).status).toBe(200);
  } finally {
    storage.delete = realDelete;
  }
  expect(during.slice(1)).toEqual([401, 401]);
  expect(userFiles('uploads', target.userId)).toEqual([]);
  expect(await server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', target.userId).execute()).toEqual([]);
});

test('an upload already past its session check when the deletion runs takes its file away again', async () => {
  const target = await busySeller('gecikmeli@example.com');
  const photo = await productPhoto(300, 200);
  const asked = await target.client.mutate('auth.requestDeletion', {});
  const admin = await adminClient(server);
  const { storage } = server.deps;
  const realPut = storage.put.bind(storage);
  let deleted = 0;
  // The upload's write is slow: the whole deletion runs before the photo reaches storage.
  storage.put = async (key, bytes, type) => {
    if (key.startsWith(`uploads/${target.userId}/`) && !deleted)
      deleted = (await admin.mutate('admin.deletion.execute', { id: asked.data.id })).status;
    return realPut(key, bytes, type);
  };
  let status = 0;
  try {
    status = (await upload(target.client, photo, 'late.jpg')).status;
  } finally {
    storage.put = realPut;
  }
  expect(deleted).toBe(200);
  expect(status).toBe(401);
  expect(userFiles('uploads', target.userId)).toEqual([]);
  expect(await server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', target.userId).execute()).toEqual([]);
});

test("a deletion sweeps the seller's storage folders, files without a row included", async () => {
  const target = await busySeller('artik-dosya@example.com');
  const { storage } = server.deps;
  await storage.put(`uploads/${target.userId}/orphan.jpg`, Buffer.from('x'), 'image/jpeg');
  await storage.put(`cutouts/${target.userId}/stray/left.png`, Buffer.from('x'), 'image/png');
  const asked = await target.client.mutate('auth.requestDeletion', {});
  expect(asked.status, JSON.stringify(asked.error)).toBe(200);
  const admin = await adminClient(server);
  expect((await admin.mutate('admin.deletion.execute', { id: asked.data.id })).status).toBe(200);
  for (const folder of ['uploads', 'cutouts', 'generations', 'exports']) expect(userFiles(folder, target.userId), folder).toEqual([]);
});

test('the E-postalar page never shows a secret link, not even of a message still waiting to be sent', async () => {
  const { db } = server.deps;
  const id = await enqueueEmail(db, {
    to: 'bekleyen@example.com',
    kind: 'password_reset',
    message: passwordResetEmail(
      { siteName: 'Vitrin', supportEmail: 'destek@example.com' },
      'Bekleyen',
      'http://vitrin.test/auth/reset/gizlikalsin123456',
    ),
  });
  // Held back, so the copy in the table still carries the real link the sender will deliver.
  await db
    .updateTable('email_outbox')
    .set({ run_after: new Date(Date.now() + 3600_000) })
    .where('id', '=', id!)
    .execute();
  const stored = await db.selectFrom('email_outbox').select('body').where('id', '=', id!).executeTakeFirstOrThrow();
  expect(stored.body).toContain('gizlikalsin123456');
  const admin = await adminClient(server);
  const detail = await admin.query('admin.emails.get', { id: id! });
  expect(detail.status).toBe(200);
  expect(JSON.stringify(detail.data)).not.toContain('gizlikalsin123456');
  expect(detail.data.text).toContain(`/auth/reset/${M.adminEmails.redacted}`);
  await db.deleteFrom('email_outbox').where('id', '=', id!).execute();
});

test('a cut-out that finishes after the account was deleted leaves no file behind', async () => {
  const target = await busySeller('kesimde@example.com');
  const upload = await server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', target.userId).executeTakeFirstOrThrow();
  const asked = await target.client.mutate('auth.requestDeletion', {});
  const admin = await adminClient(server);
  // The cut-out is computed while the admin carries out the deletion.
  const pool = {
    run: async () => {
      expect((await admin.mutate('admin.deletion.execute', { id: asked.data.id })).status).toBe(200);
      return {
        ok: true,
        png: Buffer.from('png'),
        width: 10,
        height: 10,
        confidence: 1,
        coverage: 0.5,
        box: { x: 0, y: 0, w: 10, h: 10 },
        timings: { totalMs: 1 },
      };
    },
  } as unknown as StudioPool;
  await expect(
    runCutout({ db: server.deps.db, storage: server.deps.storage, pool }, target.userId, { uploadId: upload.id }, { rateLimit: false }),
  ).rejects.toThrow();
  expect(userFiles('cutouts', target.userId)).toEqual([]);
});
