import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { lineLogger, setProcessLogger, silentLogger } from '../../server/lib/log';
import { startMailbox, type Mailbox } from './mailbox';
import type { DbHandle } from '../../server/db';
import { EmailSender } from '../../server/email/sender';
import { enqueueEmail } from '../../server/email/outbox';
import { logTransport, smtpTransport, type EmailTransport } from '../../server/email/transport';
import { renderEmail } from '../../server/email/templates/layout';
import { passwordResetEmail } from '../../server/email/templates/account';
import { getSettings, seedSettings, setSetting } from '../../server/services/settings';
import { M } from '../../shared/messages';

let handle: DbHandle;
let mailbox: Mailbox;
const env = { SMTP_FROM: undefined, PUBLIC_URL: 'http://vitrin.test', PORT: 0 };
const site = { siteName: 'Vitrin AI', supportEmail: 'destek@example.com' };

beforeAll(async () => {
  handle = await freshDatabase();
  await seedSettings(handle.db);
  mailbox = await startMailbox();
});
type EmailWarning = { emailId: string; attempt: number; final: boolean; err: { message: string } };

/** The sender's "e-mail not sent" lines, captured from the process logger (nothing printed). */
function captureEmailWarnings(): () => EmailWarning[] {
  const lines: Array<EmailWarning & { msg: string }> = [];
  setProcessLogger(lineLogger((line) => lines.push(JSON.parse(line)), 'warn'));
  return () => lines.filter((l) => l.msg === 'e-mail not sent');
}

afterAll(async () => {
  setProcessLogger(silentLogger);
  await mailbox.close();
  await handle.close();
});
beforeEach(async () => {
  await handle.db.deleteFrom('email_outbox').execute();
  mailbox.mails.length = 0;
});

const message = (n: number) =>
  renderEmail(site, { subject: `Deneme ${n}: şğüçöı`, name: 'Ayşe', paragraphs: [`Paragraf ${n} — İstanbul`] });

async function drain(sender: EmailSender) {
  while (await sender.runOnce());
}

test('a queued message is sent over real SMTP once, in Turkish, as HTML and plain text, from the site name and support address', async () => {
  await setSetting(handle.db, 'site_name', 'Vitrin Stüdyo');
  const sender = new EmailSender({ db: handle.db, env, site: () => getSettings(handle.db), transport: smtpTransport(mailbox.url) });
  const id = await enqueueEmail(handle.db, { to: 'ayse@example.com', kind: 'password_reset', message: message(1) });
  await drain(sender);
  await drain(sender);
  expect(mailbox.mails).toHaveLength(1);
  const mail = mailbox.mails[0]!;
  expect(mail.to).toEqual(['ayse@example.com']);
  expect(mail.from).toBe('destek@example.com');
  expect(mail.headers.from).toContain('Vitrin');
  expect(mail.subject).toBe('Deneme 1: şğüçöı');
  expect(mail.text).toContain('Merhaba Ayşe,');
  expect(mail.text).toContain('Paragraf 1 — İstanbul');
  expect(mail.html).toContain('<html lang="tr">');
  expect(mail.headers['message-id']).toBe(`<${id}@vitrin.test>`);
  const row = await handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  expect(row.status).toBe('sent');
  expect(row.transport).toBe('smtp');
  expect(row.sent_at).not.toBeNull();
  await setSetting(handle.db, 'site_name', 'Vitrin AI');
  sender['deps'].transport.close();
});

test('SMTP_FROM overrides the sender; a secret link is removed from the stored copy once it left over SMTP', async () => {
  const sender = new EmailSender({
    db: handle.db,
    site: () => getSettings(handle.db),
    env: { ...env, SMTP_FROM: '"Bildirim" <bildirim@vitrin.test>' },
    transport: smtpTransport(mailbox.url),
  });
  const id = await enqueueEmail(handle.db, {
    to: 'b@example.com',
    kind: 'password_reset',
    message: passwordResetEmail(site, 'B', 'http://vitrin.test/auth/reset/abcdefghijklmnop'),
  });
  await drain(sender);
  expect(mailbox.mails[0]!.from).toBe('bildirim@vitrin.test');
  expect(mailbox.mails[0]!.text).toContain('http://vitrin.test/auth/reset/abcdefghijklmnop');
  const row = await handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  expect(row.body).not.toContain('abcdefghijklmnop');
  expect(row.html).not.toContain('abcdefghijklmnop');
  expect(row.body).toContain(`/auth/reset/${M.adminEmails.redacted}`);
  sender['deps'].transport.close();
});

test('a refused delivery is retried with backoff and then arrives exactly once', async () => {
  const warnings = captureEmailWarnings();
  const flaky = await startMailbox({ failFirst: 2 });
  const sender = new EmailSender(
    { db: handle.db, env, site: () => getSettings(handle.db), transport: smtpTransport(flaky.url) },
    { retryBaseMs: 30 },
  );
  const id = await enqueueEmail(handle.db, { to: 'c@example.com', kind: 'password_reset', message: message(2) });
  expect(await sender.runOnce()).toBe(true);
  let row = await handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  expect(row.status).toBe('queued');
  expect(row.attempts).toBe(1);
  expect(row.last_error).toBeTruthy();
  // Backed off: due again only after the (jittered) first delay of 30 ms.
  expect(new Date(row.run_after).getTime() - new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(20);
  for (let i = 0; i < 50 && row.status !== 'sent'; i++) {
    await new Promise((r) => setTimeout(r, 40));
    await sender.runOnce();
    row = await handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  }
  expect(row.status).toBe('sent');
  expect(row.attempts).toBe(3);
  expect(flaky.mails).toHaveLength(1);
  expect(warnings().map((w) => [w.emailId, w.attempt, w.final])).toEqual([
    [id, 1, false],
    [id, 2, false],
  ]);
  sender['deps'].transport.close();
  await flaky.close();
});

test('a message that keeps failing ends as failed after the last attempt and is not tried again', async () => {
  const broken: EmailTransport = {
    name: 'smtp',
    send: async () => {
      throw new Error('bağlantı reddedildi');
    },
    close: () => {},
  };
  const warnings = captureEmailWarnings();
  const sender = new EmailSender({ db: handle.db, env, site: () => getSettings(handle.db), transport: broken }, { retryBaseMs: 1 });
  const id = await enqueueEmail(handle.db, { to: 'd@example.com', kind: 'password_reset', message: message(3) });
  for (let i = 0; i < 30; i++) {
    await sender.runOnce();
    await new Promise((r) => setTimeout(r, 5));
  }
  const row = await handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  expect(row.status).toBe('failed');
  expect(row.attempts).toBe(6);
  expect(row.last_error).toContain('bağlantı reddedildi');
  expect(warnings()).toHaveLength(6);
  expect(warnings()[5]).toMatchObject({ emailId: id, attempt: 6, final: true, err: { message: 'bağlantı reddedildi' } });
});

test('two senders working the same outbox deliver every message exactly once', async () => {
  const a = new EmailSender(
    { db: handle.db, env, site: () => getSettings(handle.db), transport: smtpTransport(mailbox.url) },
    { pollMs: 20 },
  );
  const b = new EmailSender(
    { db: handle.db, env, site: () => getSettings(handle.db), transport: smtpTransport(mailbox.url) },
    { pollMs: 20 },
  );
  for (let i = 0; i < 12; i++) await enqueueEmail(handle.db, { to: `kisi${i}@example.com`, kind: 'password_reset', message: message(i) });
  a.start();
  b.start();
  await mailbox.waitFor(() => mailbox.mails.length >= 12, 15_000);
  // Stopping waits for any send in flight, so a duplicate would have arrived by then.
  await a.stop();
  await b.stop();
  expect(mailbox.mails).toHaveLength(12);
  expect(new Set(mailbox.mails.map((m) => m.to[0])).size).toBe(12);
  const statuses = await handle.db.selectFrom('email_outbox').select('status').execute();
  expect(statuses.every((s) => s.status === 'sent')).toBe(true);
});

test('a dedupe key keeps a second copy of the same notification out of the outbox', async () => {
  const first = await enqueueEmail(handle.db, {
    to: 'e@example.com',
    kind: 'generation_failed',
    message: message(4),
    dedupeKey: 'generation_failed:x',
  });
  const second = await enqueueEmail(handle.db, {
    to: 'e@example.com',
    kind: 'generation_failed',
    message: message(4),
    dedupeKey: 'generation_failed:x',
  });
  expect(first).toBeTruthy();
  expect(second).toBeNull();
  expect(await handle.db.selectFrom('email_outbox').select('id').execute()).toHaveLength(1);
});

test('without SMTP_URL a message goes to the server log with its real link; the stored copy then loses the token too', async () => {
  const lines: string[] = [];
  const sender = new EmailSender({ db: handle.db, env, site: () => getSettings(handle.db), transport: logTransport((l) => lines.push(l)) });
  const id = await enqueueEmail(handle.db, {
    to: 'f@example.com',
    kind: 'password_reset',
    message: passwordResetEmail(site, 'F', 'http://vitrin.test/auth/reset/qrstuvwxyz123456'),
  });
  await drain(sender);
  expect(lines.join('\n')).toContain('Kime: f@example.com');
  expect(lines.join('\n')).toContain('/auth/reset/qrstuvwxyz123456');
  const row = await handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  expect(row.status).toBe('sent');
  expect(row.transport).toBe('log');
  expect(row.body).not.toContain('qrstuvwxyz123456');
  expect(row.html).not.toContain('qrstuvwxyz123456');
  expect(row.body).toContain(`/auth/reset/${M.adminEmails.redacted}`);
});

test('a message given up after the last attempt keeps no token in its stored copy', async () => {
  const broken: EmailTransport = {
    name: 'smtp',
    send: async () => {
      throw new Error('bağlantı reddedildi');
    },
    close: () => {},
  };
  const warnings = captureEmailWarnings();
  const sender = new EmailSender({ db: handle.db, env, site: () => getSettings(handle.db), transport: broken }, { retryBaseMs: 1 });
  const id = await enqueueEmail(handle.db, {
    to: 'g@example.com',
    kind: 'password_reset',
    message: passwordResetEmail(site, 'G', 'http://vitrin.test/auth/reset/vazgecilen12345678'),
  });
  const row = () => handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  await sender.runOnce();
  // Still to be retried: the sender needs the real link.
  expect((await row()).body).toContain('/auth/reset/vazgecilen12345678');
  for (let i = 0; i < 30 && (await row()).status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 5));
    await sender.runOnce();
  }
  const failed = await row();
  expect(failed.status).toBe('failed');
  expect(failed.body).not.toContain('vazgecilen12345678');
  expect(failed.html).not.toContain('vazgecilen12345678');
  expect(warnings().length).toBeGreaterThan(0);
  expect(warnings().every((w) => !JSON.stringify(w).includes('vazgecilen12345678'))).toBe(true);
  expect(failed.body).toContain(`/auth/reset/${M.adminEmails.redacted}`);
});
