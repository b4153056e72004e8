import { afterAll, beforeAll, expect, test } from 'vitest';
import { validSignUp } from '../helpers/server';
import { callerWorld, type CallerWorld } from '../helpers/caller';
import { logTransport, transportFromEnv } from '../../server/email/transport';
import { EmailSender } from '../../server/email/sender';
import { getSettings } from '../../server/services/settings';
import { ZProfileUpdate, ZSignUp } from '../../shared/schemas/auth';
import { ZContactMessage } from '../../shared/schemas/contact';
import { ZInvoiceDetails } from '../../shared/schemas/billing';
import { ZAdminSettings, ZAdminUserUpdate, ZPortfolioFields, ZTestimonialFields } from '../../shared/schemas/admin';
import { ZCreateImage } from '../../shared/schemas/generations';
import { ZDeletionRequest } from '../../shared/schemas/accounts';
import { M } from '../../shared/messages';

// A name with line breaks must not be able to write a fake "[e-posta] Kime: …" block (with a
// foreign reset link) into the server log, where e-mails go without SMTP_URL.
const FORGED = 'Ali\n[e-posta] Kime: kurban@example.com\nKonu: Şifre sıfırlama\n\nhttps://kotu.example/auth/reset/x\n[e-posta sonu]';
const BREAKS = ['Ali\nVeli', 'Ali\r\nVeli', 'Ali\rVeli', 'Ali\u2028Veli', 'Ali\u001b[31mVeli', 'Ali\u0000Veli', 'Ali\u0085Veli'];

// On the procedures with no HTTP server (tests/helpers/caller.ts); e-mails leave through the sender and
// the log transport a server without SMTP_URL uses, run here by the test.
let world: CallerWorld;
const logged: string[] = [];
beforeAll(async () => {
  world = await callerWorld({ SIGNUP_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await world?.close();
});

/** The issue messages a schema gives for one value of one field. */
function messagesFor(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } },
  value: unknown,
  field: string,
) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
}

test('names and every one-line field refuse line breaks and control characters, with the Turkish text', () => {
  const signUp = { ...validSignUp('a@example.com'), companyName: 'Firma', phone: '0555' };
  const invoice = {
    kind: 'individual',
    fullName: 'Ayşe Yılmaz',
    tckn: '10000000146',
    address: 'Atatürk Cad. No: 1\nKadıköy',
    city: 'İstanbul',
  };
  const company = {
    kind: 'company',
    companyTitle: 'Vitrin A.Ş.',
    taxOffice: 'Kadıköy',
    vkn: '1234567890',
    address: 'Atatürk Cad. No: 1',
    city: 'İstanbul',
  };
  const adminUser = { id: crypto.randomUUID(), fullName: 'Ayşe', companyName: null, phone: null, balance: 5, disabled: false };
  const settings = {
    siteName: 'Vitrin',
    siteDescription: 'a',
    supportEmail: 'destek@example.com',
    supportPhone: '0212',
    contactAddress: 'İstanbul',
    defaultTrialCredits: 10,
    maxCreditsPerUser: 100,
    imageCreditCost: 1,
    videoCreditCost: 6,
    maintenanceMode: false,
    allowRegistrations: true,
    emailNotifications: true,
    requireEmailVerification: false,
    priceTryBasic: 1,
    priceTryStandard: 2,
    priceTryPremium: 3,
    companyTitle: 'Vitrin Yazılım A.Ş.',
    companyAddress: 'Bağdat Cad. No: 1',
  };
  const cases: [string, { safeParse: never }, Record<string, unknown>, string][] = [
    ['sign-up name', ZSignUp as never, signUp, 'fullName'],
    ['sign-up company', ZSignUp as never, signUp, 'companyName'],
    ['sign-up phone', ZSignUp as never, signUp, 'phone'],
    ['profile name', ZProfileUpdate as never, { fullName: 'Ayşe' }, 'fullName'],
    ['contact name', ZContactMessage as never, { name: 'Ayşe', email: 'a@example.com', message: 'Merhaba, bir sorum var.' }, 'name'],
    ['contact company', ZContactMessage as never, { name: 'Ayşe', email: 'a@example.com', message: 'Merhaba, bir sorum var.' }, 'company'],
    ['invoice name', ZInvoiceDetails as never, invoice, 'fullName'],
    ['invoice city', ZInvoiceDetails as never, invoice, 'city'],
    ['invoice company title', ZInvoiceDetails as never, company, 'companyTitle'],
    ['invoice tax office', ZInvoiceDetails as never, company, 'taxOffice'],
    ['admin: user name', ZAdminUserUpdate as never, adminUser, 'fullName'],
    ['admin: user company', ZAdminUserUpdate as never, adminUser, 'companyName'],
    ['admin: testimonial name', ZTestimonialFields as never, { name: 'Ayşe', text: 'Harika' }, 'name'],
    ['admin: portfolio title', ZPortfolioFields as never, { title: 'Koltuk', beforeImageUrl: '/a.jpg', afterImageUrl: '/b.jpg' }, 'title'],
    ['admin: site name', ZAdminSettings as never, settings, 'siteName'],
    ['admin: support phone', ZAdminSettings as never, settings, 'supportPhone'],
    ['admin: contact address', ZAdminSettings as never, settings, 'contactAddress'],
    ['admin: company title (invoices)', ZAdminSettings as never, settings, 'companyTitle'],
    ['admin: company address (invoices)', ZAdminSettings as never, settings, 'companyAddress'],
    ['image category', ZCreateImage as never, { uploadId: crypto.randomUUID(), prompt: 'beyaz fon' }, 'category'],
  ];
  for (const [label, schema, valid, field] of cases) {
    expect(messagesFor(schema, valid, field), label).toEqual([]);
    for (const bad of [...BREAKS, FORGED]) {
      expect(messagesFor(schema, { ...valid, [field]: bad }, field), `${label}: ${JSON.stringify(bad)}`).toContain(M.validation.singleLine);
    }
  }
  // Boxes that are meant to hold several lines still do.
  expect(messagesFor(ZInvoiceDetails as never, invoice, 'address')).toEqual([]);
  expect(ZContactMessage.safeParse({ name: 'Ayşe', email: 'a@example.com', message: 'Merhaba,\nbir sorum var.' }).success).toBe(true);
  expect(ZDeletionRequest.safeParse({ reason: 'Artık\nkullanmıyorum' }).success).toBe(true);
  expect(ZCreateImage.safeParse({ uploadId: crypto.randomUUID(), prompt: 'beyaz fon\nyumuşak ışık' }).success).toBe(true);
});

test('a sign-up or profile change with a forged name is refused over the API', async () => {
  const c = world.client();
  const res = await c.mutate('auth.signUp', { ...validSignUp('sahte-ad@example.com'), fullName: FORGED });
  expect(res.status).toBe(400);
  expect(res.error.message).toBe(M.validation.singleLine);
  expect((await c.mutate('auth.signUp', validSignUp('sahte-ad@example.com'))).status).toBe(200);
  const update = await c.mutate('auth.updateProfile', { fullName: 'Ali\r\nVeli' });
  expect(update.status).toBe(400);
});

test('the e-mail log writer escapes control characters: only its own framing starts a line', async () => {
  const lines: string[] = [];
  await logTransport((l) => lines.push(l)).send({
    from: 'Vitrin <destek@example.com>',
    to: 'ayse@example.com\n[e-posta] Kime: x@example.com',
    subject: 'Şifre\rsıfırlama',
    text: `Merhaba ${FORGED},\n\nBağlantı: https://vitrin.test/auth/reset/gercek\u001b[2K\n`,
    html: null,
    attachments: [{ filename: 'a\n[e-posta sonu].txt', content: 'x', contentType: 'text/plain' }],
    messageId: '<1@vitrin>',
  });
  const out = lines.join('\n');
  const framing = out.split('\n').filter((l) => l.startsWith('[e-posta') || l.startsWith('Kime') || l.startsWith('Konu'));
  expect(framing).toEqual([
    '[e-posta] Kime: ayse@example.com\\n[e-posta] Kime: x@example.com',
    'Konu: Şifre\\rsıfırlama',
    '[e-posta sonu]',
  ]);
  // eslint-disable-next-line no-control-regex
  expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  expect(out).toContain('https://vitrin.test/auth/reset/gercek');
});

test('a name saved with line breaks before the rule still yields one log block per e-mail', async () => {
  const c = world.client();
  const signUp = validSignUp('eski-ad@example.com');
  expect((await c.mutate('auth.signUp', signUp)).status).toBe(200);
  const { db, env } = world.deps;
  await db.updateTable('profiles').set({ full_name: FORGED }).where('email', '=', signUp.email).execute();
  const sender = new EmailSender({ db, env, transport: transportFromEnv(env, (line) => logged.push(line)), site: () => getSettings(db) });
  while (await sender.runOnce()); // what earlier tests queued
  logged.length = 0;
  expect((await world.client().mutate('auth.requestPasswordReset', { email: signUp.email })).status).toBe(200);
  while (await sender.runOnce());
  const out = logged.filter((l) => l.includes('[e-posta]')).join('\n');
  const outLines = out.split('\n');
  expect(outLines.filter((l) => l.startsWith('[e-posta'))).toEqual(['[e-posta] Kime: eski-ad@example.com', '[e-posta sonu]']);
  // The whole name stays inside the greeting line of the body.
  const withName = outLines.filter((l) => l.includes('kurban@example.com') || l.includes('kotu.example'));
  expect(withName).toHaveLength(1);
  expect(withName[0]).toMatch(/^ {2}\S/);
});
