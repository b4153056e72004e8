import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { startMailbox, type Mailbox } from '../email/mailbox';
import { messagesFor } from '../../shared/messages';
import { EN } from '../../shared/messages/public';
import { TR } from '../../shared/messages/public';
import type { RunningServer } from '../../server/index';

let server: RunningServer;
let mailbox: Mailbox;
const en = messagesFor('en');
const tr = messagesFor('tr');

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
});

let n = 0;
async function seller(language: 'tr' | 'en') {
  const signup = validSignUp(`dil${++n}@example.com`);
  const client = new HttpClient(server.url);
  expect((await client.mutate('auth.signUp', signup)).status).toBe(200);
  const saved = await client.mutate('auth.savePreferences', {
    section: 'preferences',
    language,
    timezone: 'Europe/Istanbul',
    theme: 'light',
  });
  expect(saved.data.language).toBe(language);
  return { signup, client };
}

test('an e-mail to a user who saved English is English, to a Turkish user Turkish, whatever language asked for it', async () => {
  const english = await seller('en');
  const turkish = await seller('tr');
  // Asked for in Turkish (the reset form's request), delivered in each recipient's own language.
  for (const who of [english, turkish]) {
    const anon = new HttpClient(server.url);
    anon.headers['accept-language'] = 'tr-TR';
    expect((await anon.mutate('auth.requestPasswordReset', { email: who.signup.email })).status).toBe(200);
  }
  const toEnglish = await mailbox.waitFor((m) => m.to[0] === english.signup.email && m.subject === en.email.resetSubject);
  expect(toEnglish.text).toContain(en.email.resetIntro);
  expect(toEnglish.text).toContain(en.email.greeting(english.signup.fullName));
  expect(toEnglish.html).toContain('<html lang="en">');
  expect(toEnglish.text).not.toContain(tr.email.resetIntro);
  const toTurkish = await mailbox.waitFor((m) => m.to[0] === turkish.signup.email && m.subject === tr.email.resetSubject);
  expect(toTurkish.text).toContain(tr.email.resetIntro);
  expect(toTurkish.html).toContain('<html lang="tr">');
});

test('errors follow the request language: English for en, Turkish by default and for any other language', async () => {
  const ask = async (language?: string) => {
    const client = new HttpClient(server.url);
    if (language) client.headers['accept-language'] = language;
    // A validation error (parsed from the JSON body) and a plain refusal.
    const bad = await client.mutate('auth.signIn', { email: 'not-an-email', password: 'x' });
    const denied = await client.query('credits.balance');
    return { bad: bad.error.message, denied: denied.error.message };
  };
  expect(await ask('en-US,en;q=0.9')).toEqual({ bad: EN.validation.email, denied: EN.common.unauthorized });
  expect(await ask()).toEqual({ bad: TR.validation.email, denied: TR.common.unauthorized });
  expect(await ask('de-DE')).toEqual({ bad: TR.validation.email, denied: TR.common.unauthorized });
});

test('plan texts answered to the public follow the language, cached apart', async () => {
  const plans = async (language: string) => {
    const client = new HttpClient(server.url);
    client.headers['accept-language'] = language;
    return (await client.query('content.plans')).data.map((p) => [p.name, p.description]);
  };
  expect(await plans('en')).toContainEqual([EN.credits.planNames.basic, EN.plans.basic.description]);
  expect(await plans('tr')).toContainEqual([TR.credits.planNames.basic, TR.plans.basic.description]);
  expect(await plans('en')).toContainEqual([EN.credits.planNames.basic, EN.plans.basic.description]);
});
