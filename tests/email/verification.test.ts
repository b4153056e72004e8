import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { linkToken, startMailbox, type Mailbox } from './mailbox';
import { hashSecret } from '../../server/auth/tokens';
import { setSetting } from '../../server/services/settings';
import { emailContext } from '../../server/services/email-context';
import { M } from '../../shared/messages';
import type { RunningServer } from '../../server/index';

let server: RunningServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, SIGNUP_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});
beforeEach(async () => {
  await server.deps.db.deleteFrom('rate_limits').execute();
  await setSetting(server.deps.db, 'require_email_verification', 'false');
});

let n = 0;
const verifyMails = (to: string) => mailbox.mails.filter((m) => m.to[0] === to && m.subject === M.email.verifySubject);
async function signUp() {
  const signup = validSignUp(`dogrula${++n}@example.com`);
  const client = new HttpClient(server.url);
  const res = await client.mutate('auth.signUp', signup);
  return { signup, client, res };
}

test('sign-up sends a 24-hour verification link bound to the address; with the gate off the seller signs in unverified', async () => {
  const { signup, client, res } = await signUp();
  expect(res.data.verificationRequired).toBe(false);
  expect(res.data.user?.emailVerified).toBe(false);
  const mail = await mailbox.waitFor((m) => verifyMails(signup.email).includes(m));
  expect(mail.text).toContain(M.email.verifyValidity);
  const token = linkToken(mail.text, '/auth/verify')!;
  const row = await server.deps.db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirstOrThrow();
  expect(row.purpose).toBe('email_verify');
  expect(row.email).toBe(signup.email);
  const ttl = new Date(row.expires_at).getTime() - Date.now();
  expect(ttl).toBeGreaterThan(23.9 * 3600_000);
  expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

  expect((await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: signup.password })).status).toBe(200);
  const verified = await new HttpClient(server.url).mutate('auth.verifyEmail', { token });
  expect(verified.data).toEqual({ kind: 'verified', email: signup.email });
  expect((await client.query('auth.me')).data.user?.emailVerified).toBe(true);
  const again = await new HttpClient(server.url).mutate('auth.verifyEmail', { token });
  expect(again.status).toBe(400);
  expect(again.error.message).toBe(M.accounts.verifyInvalid);
});

test('with the gate on: no session at sign-up, sign-in refused with the spec text, resend works, the link opens the door', async () => {
  await setSetting(server.deps.db, 'require_email_verification', 'true');
  const { signup, client, res } = await signUp();
  expect(res.status).toBe(200);
  expect(res.data).toEqual({ user: null, verificationRequired: true });
  expect(client.cookies.size).toBe(0);
  await mailbox.waitFor(() => verifyMails(signup.email).length >= 1);

  const refused = await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: signup.password });
  expect(refused.status).toBe(403);
  expect(refused.error.message).toBe('E-posta adresinizi doğrulamanız gerekiyor');
  expect(refused.error.data.appCode).toBe('EMAIL_NOT_VERIFIED');
  // A wrong password still says "wrong", not "unverified": the gate does not reveal the account.
  const wrong = await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: 'yanlis-sifre' });
  expect(wrong.error.message).toBe(M.auth.invalidCredentials);

  const anon = new HttpClient(server.url);
  const resend = await anon.mutate('auth.resendVerification', { email: signup.email });
  const unknown = await anon.mutate('auth.resendVerification', { email: 'hic-yok@example.com' });
  expect(resend.data).toEqual({ ok: true });
  expect(unknown.data).toEqual(resend.data);
  await mailbox.waitFor(() => verifyMails(signup.email).length >= 2);
  const [first, second] = verifyMails(signup.email).map((m) => linkToken(m.text, '/auth/verify')!) as [string, string];
  expect((await anon.mutate('auth.verifyEmail', { token: first })).error.message).toBe(M.accounts.verifyInvalid);
  expect((await anon.mutate('auth.verifyEmail', { token: second })).status).toBe(200);
  const ok = await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: signup.password });
  expect(ok.status).toBe(200);
  expect(ok.data.user.emailVerified).toBe(true);
});

test('resending is rate-limited per address', async () => {
  const anon = new HttpClient(server.url);
  for (let i = 0; i < 3; i++) expect((await anon.mutate('auth.resendVerification', { email: 'limit@example.com' })).status).toBe(200);
  const fourth = await anon.mutate('auth.resendVerification', { email: 'limit@example.com' });
  expect(fourth.status).toBe(429);
  expect(fourth.error.message).toBe(M.common.tooManyAttempts);
});

test('an expired verification link does not work', async () => {
  const { signup } = await signUp();
  const token = linkToken((await mailbox.waitFor((m) => verifyMails(signup.email).includes(m))).text, '/auth/verify')!;
  await server.deps.db
    .updateTable('account_tokens')
    .set({ expires_at: new Date(Date.now() - 1) })
    .where('token_hash', '=', hashSecret(token))
    .execute();
  expect((await new HttpClient(server.url).mutate('auth.verifyEmail', { token })).error.message).toBe(M.accounts.verifyInvalid);
});

test('a new address on the profile takes effect only after its own link is used', async () => {
  const { signup, client } = await signUp();
  const wrong = await client.mutate('auth.requestEmailChange', { newEmail: 'yeni-adres@example.com', password: 'yanlis-sifre' });
  expect(wrong.error.message).toBe(M.profile.wrongCurrentPassword);
  const same = await client.mutate('auth.requestEmailChange', { newEmail: signup.email, password: signup.password });
  expect(same.error.message).toBe(M.accounts.sameEmail);
  const ok = await client.mutate('auth.requestEmailChange', { newEmail: 'yeni-adres@example.com', password: signup.password });
  expect(ok.status).toBe(200);
  const mail = await mailbox.waitFor((m) => m.to[0] === 'yeni-adres@example.com');
  expect(mail.subject).toBe(M.email.changeSubject);
  expect((await client.query('auth.me')).data.user?.email).toBe(signup.email);

  const token = linkToken(mail.text, '/auth/verify')!;
  const done = await new HttpClient(server.url).mutate('auth.verifyEmail', { token });
  expect(done.data).toEqual({ kind: 'changed', email: 'yeni-adres@example.com' });
  const me = (await client.query('auth.me')).data.user;
  expect(me!.email).toBe('yeni-adres@example.com');
  expect(me!.emailVerified).toBe(true);
  expect((await new HttpClient(server.url).mutate('auth.signIn', { email: signup.email, password: signup.password })).status).toBe(401);
  expect(
    (await new HttpClient(server.url).mutate('auth.signIn', { email: 'yeni-adres@example.com', password: signup.password })).status,
  ).toBe(200);
});

test('once a new address takes effect, the old one is told in Turkish, with no link that could undo anything', async () => {
  const { signup, client } = await signUp();
  const old = signup.email;
  expect((await client.mutate('auth.requestEmailChange', { newEmail: 'tasinan@example.net', password: signup.password })).status).toBe(200);
  const link = await mailbox.waitFor((m) => m.to[0] === 'tasinan@example.net');
  // Asking is not enough: nothing changed yet, so the old inbox hears nothing.
  expect(mailbox.mails.filter((m) => m.to[0] === old && m.subject === M.email.changedSubject)).toEqual([]);

  const done = await new HttpClient(server.url).mutate('auth.verifyEmail', { token: linkToken(link.text, '/auth/verify')! });
  expect(done.data).toEqual({ kind: 'changed', email: 'tasinan@example.net' });
  const notice = await mailbox.waitFor((m) => m.to[0] === old && m.subject === M.email.changedSubject);
  expect(notice.text).toContain(M.email.changedIntro('t***@example.net'));
  expect(notice.text).not.toContain('tasinan@example.net');
  const { site } = await emailContext(server.deps.db);
  expect(notice.text).toContain(M.email.resetDoneNotYou(site.supportEmail));
  expect(notice.text).not.toMatch(/https?:\/\//);
  expect(notice.html).not.toMatch(/href=/);
  const rows = await server.deps.db.selectFrom('email_outbox').select('to_address').where('kind', '=', 'email_changed').execute();
  expect(rows.filter((r) => r.to_address === old)).toHaveLength(1);
});
