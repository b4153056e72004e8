import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { sql } from 'kysely';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { linkToken, startMailbox, type Mailbox } from './mailbox';
import { hashSecret } from '../../server/auth/tokens';
import { RESET_ANSWER_FLOOR_MS } from '../../server/services/password-reset';
import { M } from '../../shared/messages';
import type { RunningServer } from '../../server/index';

const PUBLIC_URL = 'http://vitrin.test:8080';
let server: RunningServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, PUBLIC_URL, SIGNUP_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});
beforeEach(async () => {
  await server.deps.db.deleteFrom('rate_limits').execute();
});

let n = 0;
async function seller() {
  const signup = validSignUp(`sifirla${++n}@example.com`);
  const client = new HttpClient(server.url);
  expect((await client.mutate('auth.signUp', signup)).status).toBe(200);
  return { signup, client };
}

const resetMails = (to: string) => mailbox.mails.filter((m) => m.to[0] === to && m.subject === M.email.resetSubject);

async function requestReset(email: string) {
  const anon = new HttpClient(server.url);
  const started = Date.now();
  const res = await anon.mutate('auth.requestPasswordReset', { email });
  return { res, ms: Date.now() - started };
}

test('the reset e-mail carries a {PUBLIC_URL}/auth/reset/{token} link; only the hash of the token is stored', async () => {
  const { signup } = await seller();
  const { res } = await requestReset(signup.email);
  expect(res.status).toBe(200);
  expect(res.data).toEqual({ ok: true });
  const mail = await mailbox.waitFor((m) => m.to[0] === signup.email && m.subject === M.email.resetSubject);
  expect(mail.text).toContain(`${PUBLIC_URL}/auth/reset/`);
  expect(mail.html).toContain(`${PUBLIC_URL}/auth/reset/`);
  expect(mail.text).toContain(M.email.resetValidity);
  const token = linkToken(mail.text, '/auth/reset')!;
  expect(token).toMatch(/^[a-z0-9]{20,}$/);

  const rows = await server.deps.db.selectFrom('account_tokens').selectAll().where('purpose', '=', 'password_reset').execute();
  const mine = rows.find((r) => Buffer.from(r.token_hash).equals(Buffer.from(hashSecret(token))));
  expect(mine).toBeTruthy();
  const expiresIn = new Date(mine!.expires_at).getTime() - Date.now();
  expect(expiresIn).toBeGreaterThan(55 * 60_000);
  expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
  // Nowhere in the token table is the token itself.
  const dump = JSON.stringify(await sql`select * from account_tokens`.execute(server.deps.db));
  expect(dump).not.toContain(token);
  // The stored copy of the sent message no longer carries it either (once marked sent, which
  // happens just after the SMTP server accepted it).
  const outbox = () =>
    server.deps.db
      .selectFrom('email_outbox')
      .select(['status', 'body', 'html'])
      .where('to_address', '=', signup.email)
      .where('kind', '=', 'password_reset')
      .execute();
  for (let i = 0; i < 50 && (await outbox()).some((r) => r.status !== 'sent'); i++) await new Promise((r) => setTimeout(r, 20));
  const stored = await outbox();
  expect(stored.every((r) => r.status === 'sent')).toBe(true);
  expect(JSON.stringify(stored)).not.toContain(token);
});

test('known and unknown addresses get the same answer in the same time, and only a real account gets mail', async () => {
  const sellers = [await seller(), await seller(), await seller(), await seller()];
  // Interleaved samples of both kinds (4 each, within the per-IP limit of 10), compared by their medians:
  // a single pair of timings on a busy 2-core machine can differ by a GC or a hash elsewhere.
  const known: number[] = [];
  const unknown: number[] = [];
  for (const [i, { signup }] of sellers.entries()) {
    const k = await requestReset(signup.email);
    const u = await requestReset(`kimse-yok-${i}@example.com`);
    expect(u.res.status).toBe(k.res.status);
    expect(u.res.data).toEqual(k.res.data);
    expect(u.res.error).toEqual(k.res.error);
    known.push(k.ms);
    unknown.push(u.ms);
  }
  // Every answer takes the fixed floor (the work itself is far shorter), so timing does not tell them apart.
  for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  expect(Math.abs(median(known) - median(unknown))).toBeLessThan(RESET_ANSWER_FLOOR_MS / 2);
  for (const { signup } of sellers) await mailbox.waitFor((m) => m.to[0] === signup.email);
  // A mail is queued in the request's own transaction: none was, for the unknown addresses.
  const queued = await server.deps.db.selectFrom('email_outbox').select('id').where('to_address', 'like', 'kimse-yok-%').execute();
  expect(queued).toEqual([]);
  expect(mailbox.mails.some((m) => m.to[0]!.startsWith('kimse-yok-'))).toBe(false);
});

test('the link works once; the new password follows the spec rules; every session ends; a confirmation e-mail arrives', async () => {
  const { signup, client: laptop } = await seller();
  const phone = new HttpClient(server.url);
  await phone.mutate('auth.signIn', { email: signup.email, password: signup.password });
  expect((await phone.query('auth.me')).data.user?.email).toBe(signup.email);

  await requestReset(signup.email);
  const token = linkToken((await mailbox.waitFor((m) => resetMails(signup.email).includes(m))).text, '/auth/reset')!;
  const anon = new HttpClient(server.url);
  expect((await anon.query('auth.checkResetToken', { token })).data).toEqual({ valid: true });

  const short = await anon.mutate('auth.resetPassword', { token, password: '123', confirmPassword: '123' });
  expect(short.status).toBe(400);
  expect(short.error.message).toBe(M.validation.newPasswordMin);
  const mismatch = await anon.mutate('auth.resetPassword', { token, password: 'yepyeni-sifre', confirmPassword: 'baska-sifre' });
  expect(mismatch.error.message).toBe(M.validation.passwordMismatch);

  const ok = await anon.mutate('auth.resetPassword', { token, password: 'yepyeni-sifre', confirmPassword: 'yepyeni-sifre' });
  expect(ok.status).toBe(200);
  expect((await laptop.query('auth.me')).data.user).toBeNull();
  expect((await phone.query('auth.me')).data.user).toBeNull();
  expect(
    await server.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', await userId(signup.email))
      .execute(),
  ).toHaveLength(0);

  const again = await anon.mutate('auth.resetPassword', { token, password: 'ucuncu-sifre', confirmPassword: 'ucuncu-sifre' });
  expect(again.status).toBe(400);
  expect(again.error.message).toBe(M.accounts.resetInvalid);
  expect((await anon.query('auth.checkResetToken', { token })).data).toEqual({ valid: false });

  const old = await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: signup.password });
  expect(old.error.message).toBe(M.auth.invalidCredentials);
  const fresh = await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: 'yepyeni-sifre' });
  expect(fresh.status).toBe(200);

  const done = await mailbox.waitFor((m) => m.to[0] === signup.email && m.subject === M.email.resetDoneSubject);
  expect(done.text).toContain(M.email.resetDoneIntro);
});

async function userId(email: string) {
  return (await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

test('a newer reset link invalidates the earlier one', async () => {
  const { signup } = await seller();
  await requestReset(signup.email);
  await mailbox.waitFor(() => resetMails(signup.email).length >= 1);
  await requestReset(signup.email);
  await mailbox.waitFor(() => resetMails(signup.email).length >= 2);
  const [first, second] = resetMails(signup.email).map((m) => linkToken(m.text, '/auth/reset')!) as [string, string];
  expect(first).not.toBe(second);
  const anon = new HttpClient(server.url);
  const old = await anon.mutate('auth.resetPassword', { token: first, password: 'yeni-sifre-9', confirmPassword: 'yeni-sifre-9' });
  expect(old.error.message).toBe(M.accounts.resetInvalid);
  const ok = await anon.mutate('auth.resetPassword', { token: second, password: 'yeni-sifre-9', confirmPassword: 'yeni-sifre-9' });
  expect(ok.status).toBe(200);
});

test('a link past its hour no longer works', async () => {
  const { signup } = await seller();
  await requestReset(signup.email);
  const token = linkToken((await mailbox.waitFor((m) => resetMails(signup.email).includes(m))).text, '/auth/reset')!;
  await server.deps.db
    .updateTable('account_tokens')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', '=', hashSecret(token))
    .execute();
  const anon = new HttpClient(server.url);
  expect((await anon.query('auth.checkResetToken', { token })).data).toEqual({ valid: false });
  const res = await anon.mutate('auth.resetPassword', { token, password: 'yeni-sifre-9', confirmPassword: 'yeni-sifre-9' });
  expect(res.error.message).toBe(M.accounts.resetInvalid);
  expect((await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: signup.password })).status).toBe(200);
});

test('made-up and malformed tokens are refused with the same text', async () => {
  const anon = new HttpClient(server.url);
  for (const token of ['abcdefghijklmnopqrstuvwx', 'x', '../../etc', 'A'.repeat(90)]) {
    const res = await anon.mutate('auth.resetPassword', { token, password: 'yeni-sifre-9', confirmPassword: 'yeni-sifre-9' });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(M.accounts.resetInvalid);
  }
});

test('reset requests are limited per address and per client, whether or not the address exists', async () => {
  const { signup } = await seller();
  for (let i = 0; i < 3; i++) expect((await requestReset(signup.email)).res.status).toBe(200);
  const fourth = await requestReset(signup.email);
  expect(fourth.res.status).toBe(429);
  expect(fourth.res.error.message).toBe(M.common.tooManyAttempts);
  for (let i = 0; i < 3; i++) expect((await requestReset('yok@example.com')).res.status).toBe(200);
  expect((await requestReset('yok@example.com')).res.status).toBe(429);

  await server.deps.db.deleteFrom('rate_limits').execute();
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await requestReset(`farkli${i}@example.com`)).res.status);
  expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
  expect(statuses[10]).toBe(429);
});

test('the reset page is served with Referrer-Policy: no-referrer', async () => {
  const res = await fetch(`${server.url}/auth/reset/abcdefghijklmnop`);
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
});
