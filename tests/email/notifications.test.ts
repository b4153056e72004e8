import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { checkoutPaid, userWithUpload } from '../helpers/fixtures';
import { callerWorld } from '../helpers/caller';
import { linkToken, startMailbox, type Mailbox } from './mailbox';
import type { DbHandle } from '../../server/db';
import { EmailSender } from '../../server/email/sender';
import { smtpTransport } from '../../server/email/transport';
import { setListeningUrl } from '../../server/email/links';
import { LocalEventBus } from '../../server/events/bus';
import { completeJob, failJob } from '../../server/jobs/queue';
import { createGeneration } from '../../server/services/generations';
import { applyPaymentEvent } from '../../server/services/payments';
import { getPreferences, savePreferences } from '../../server/services/preferences';
import { getSettings, seedSettings, setSetting } from '../../server/services/settings';
import { M } from '../../shared/messages';
import { pdfText } from '../helpers/pdf';

let handle: DbHandle;
let mailbox: Mailbox;
let sender: EmailSender;
const bus = new LocalEventBus();

beforeAll(async () => {
  handle = await freshDatabase();
  await seedSettings(handle.db);
  // Links are built where the message is queued (here: no server listening, no PUBLIC_URL).
  setListeningUrl('http://vitrin.test');
  mailbox = await startMailbox();
  sender = new EmailSender({
    db: handle.db,
    site: () => getSettings(handle.db),
    env: { SMTP_FROM: undefined, PUBLIC_URL: 'http://vitrin.test', PORT: 0 },
    transport: smtpTransport(mailbox.url),
  });
});
afterAll(async () => {
  sender['deps'].transport.close();
  await mailbox.close();
  await handle.close();
});
beforeEach(async () => {
  await setSetting(handle.db, 'email_notifications', 'true');
});

async function deliver() {
  while (await sender.runOnce());
}

async function processingRun(userId: string, uploadId: string, type: 'image' | 'video', startedAgoMs: number) {
  const row = await handle.db
    .insertInto('generations')
    .values({
      user_id: userId,
      upload_id: uploadId,
      type,
      status: 'processing',
      credits_used: type === 'video' ? 6 : 1,
      parameters: JSON.stringify({ prompt: 'x' }),
      lease_owner: 'w1',
      created_at: new Date(Date.now() - startedAgoMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const mailsTo = (email: string) => mailbox.mails.filter((m) => m.to[0] === email);

test('a run longer than a minute sends "ready" once; a quick one sends nothing', async () => {
  const { user, uploadId } = await userWithUpload(handle.db);
  const quick = await processingRun(user.id, uploadId, 'image', 5_000);
  expect(await completeJob(handle.db, quick, 'w1', [])).toBe(true);
  const slow = await processingRun(user.id, uploadId, 'video', 3 * 60_000);
  expect(await completeJob(handle.db, slow, 'w1', [])).toBe(true);
  await deliver();
  const mails = mailsTo(user.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe(M.email.videoReadySubject);
  expect(mails[0]!.text).toContain('http://vitrin.test/app/history');
  expect(mails[0]!.text).toContain(M.email.unsubscribeText);
  expect(mails[0]!.headers['list-unsubscribe']).toMatch(/^<http:\/\/vitrin\.test\/bildirimlerden-cik\/[a-z0-9]+>$/);
});

test('a failed run sends "failed and refunded" once, even if the failure path runs twice', async () => {
  const { user, uploadId } = await userWithUpload(handle.db);
  const id = await processingRun(user.id, uploadId, 'video', 1_000);
  await Promise.all([failJob(handle.db, id, M.generation.network), failJob(handle.db, id, M.generation.network)]);
  await deliver();
  const mails = mailsTo(user.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe(M.email.generationFailedSubject);
  expect(mails[0]!.text).toContain(M.email.generationFailedIntro(6));
  expect(mails[0]!.text).toContain(M.generation.network);
});

test('a 10-credit trial is warned once, when a run leaves less than a fifth of it, not after its first run', async () => {
  const { user, uploadId } = await userWithUpload(handle.db);
  const lowMails = () => mailsTo(user.email).filter((m) => m.subject === M.email.lowCreditsSubject);
  const run = () => createGeneration({ db: handle.db, bus }, user.id, { type: 'image', uploadId, prompt: 'ahşap sehpa' });
  for (let i = 0; i < 8; i++) await run(); // 10 → 2 credits
  await deliver();
  expect(lowMails()).toHaveLength(0);
  await run(); // 2 → 1: below 20% of 10
  await run(); // 1 → 0: the same period, no second e-mail
  await deliver();
  expect(lowMails()).toHaveLength(1);
  expect(lowMails()[0]!.text).toContain(M.email.lowCreditsIntro(1));
});

test("a package's warning comes at a fifth of its credits, once per period; a new period may warn again", async () => {
  const { user, uploadId } = await userWithUpload(handle.db);
  const lowMails = () => mailsTo(user.email).filter((m) => m.subject === M.email.lowCreditsSubject);
  const run = () => createGeneration({ db: handle.db, bus }, user.id, { type: 'image', uploadId, prompt: 'ahşap sehpa' });
  const period = async (end: string) =>
    handle.db
      .updateTable('users')
      .set({ plan_code: 'basic', credits_balance: 13, credits_expire_at: end })
      .where('id', '=', user.id)
      .execute();
  await period('2030-01-01T00:00:00.000Z'); // basic: 60 credits, warned below 12
  await run(); // 13 → 12
  await deliver();
  expect(lowMails()).toHaveLength(0);
  await run(); // 12 → 11
  await run(); // 11 → 10
  await deliver();
  expect(lowMails().map((m) => m.text.includes(M.email.lowCreditsIntro(11)))).toEqual([true]);
  await period('2030-02-01T00:00:00.000Z'); // renewed: a new period
  await run();
  await run();
  await deliver();
  expect(lowMails()).toHaveLength(2);
});

test('a payment sends "payment received" with the amount in lira and its PDF invoice attached', async () => {
  const { user } = await userWithUpload(handle.db);
  const event = checkoutPaid(user.id, user.id, { email: user.email });
  expect(await applyPaymentEvent({ db: handle.db, bus }, event)).toBe('credited');
  expect(await applyPaymentEvent({ db: handle.db, bus }, { ...event, eventKey: `stripe:evt2_${user.id}`, eventType: 'invoice.paid' })).toBe(
    'already_credited',
  );
  await deliver();
  const mails = mailsTo(user.email).filter((m) => m.subject === M.email.paymentSubject);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(M.email.paymentIntro('Temel', 60));
  const number = (await handle.db
    .selectFrom('credit_transactions')
    .select('invoice_number')
    .where('payment_ref', '=', event.paymentRef)
    .executeTakeFirstOrThrow())!.invoice_number!;
  expect(mails[0]!.text).toContain(M.email.paymentAmount('₺2.990 · KDV dahil', number));
  expect(mails[0]!.attachments).toHaveLength(1);
  expect(mails[0]!.attachments[0]!.filename).toBe(M.invoice.fileName(number));
  expect(mails[0]!.attachments[0]!.contentType).toBe('application/pdf');
  const pdf = pdfText(mails[0]!.attachments[0]!.content);
  expect(pdf).toContain(M.invoice.title);
  expect(pdf).toContain('Toplam (KDV dahil): ₺2.990,00');
});

test('nothing is sent when the user turned e-mail off, or when the system setting is off', async () => {
  const a = await userWithUpload(handle.db);
  const prefs = await getPreferences(handle.db, a.user.id);
  await savePreferences(handle.db, a.user.id, { section: 'notifications', notifications: { ...prefs.notifications, email: false } });
  await failJob(handle.db, await processingRun(a.user.id, a.uploadId, 'image', 1_000), M.generation.unknown);

  const b = await userWithUpload(handle.db);
  await setSetting(handle.db, 'email_notifications', 'false');
  await failJob(handle.db, await processingRun(b.user.id, b.uploadId, 'image', 1_000), M.generation.unknown);
  await deliver();
  expect(mailsTo(a.user.email)).toHaveLength(0);
  expect(mailsTo(b.user.email)).toHaveLength(0);
});

test('the one-click link in a notification turns e-mail off without signing in; later notifications stay away', async () => {
  // The procedure with no HTTP server (tests/helpers/caller.ts), and no background sender but this one.
  const world = await callerWorld();
  try {
    const { user, uploadId } = await userWithUpload(world.deps.db);
    const local = new EmailSender({
      db: world.deps.db,
      site: () => getSettings(world.deps.db),
      env: { SMTP_FROM: undefined, PUBLIC_URL: 'http://vitrin.test', PORT: 0 },
      transport: smtpTransport(mailbox.url),
    });
    await failJob(world.deps.db, await processingRunOn(world.deps.db, user.id, uploadId), M.generation.unknown);
    while (await local.runOnce());
    const mail = mailbox.mails.filter((m) => m.to[0] === user.email).at(-1)!;
    const token = linkToken(mail.text, '/bildirimlerden-cik')!;
    expect(token).toBeTruthy();
    const anon = world.client();
    expect((await anon.mutate('auth.unsubscribe', { token: 'yanlis-token-1234567' })).data).toEqual({ ok: false });
    expect((await anon.mutate('auth.unsubscribe', { token })).data).toEqual({ ok: true });
    expect((await anon.mutate('auth.unsubscribe', { token })).data).toEqual({ ok: true });
    expect((await getPreferences(world.deps.db, user.id)).notifications.email).toBe(false);
    const before = mailbox.mails.length;
    await failJob(world.deps.db, await processingRunOn(world.deps.db, user.id, uploadId), M.generation.unknown);
    while (await local.runOnce());
    expect(mailbox.mails.length).toBe(before);
    local['deps'].transport.close();
  } finally {
    await world.close();
  }
});

async function processingRunOn(db: DbHandle['db'], userId: string, uploadId: string) {
  const row = await db
    .insertInto('generations')
    .values({
      user_id: userId,
      upload_id: uploadId,
      type: 'image',
      status: 'processing',
      credits_used: 1,
      parameters: '{}',
      lease_owner: 'w1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
