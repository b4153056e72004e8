import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Serves the product for the browser tests from a fresh embedded database each run. */
// E2E_DATA_DIR lets a second run on another E2E_PORT keep its own database and mail file.
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? 'tests/e2e/.data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.ADMIN_EMAIL = 'admin@e2e.local';
process.env.ADMIN_PASSWORD = 'e2e-admin-secret';
// Every browser test signs up new sellers from 127.0.0.1; the production default is 10 an hour.
process.env.SIGNUP_LIMIT_PER_IP = '1000';
// money.spec.ts posts Stripe-signed webhooks with this secret (no real provider needed).
process.env.STRIPE_WEBHOOK_SECRET = 'whsec_e2e';
// E-mail goes over real SMTP to a local catcher; password-reset.spec.ts reads what arrived.
const { startMailCatcher } = await import('./mail-catcher');
mkdirSync(dataDir, { recursive: true });
process.env.SMTP_URL = await startMailCatcher(path.join(dataDir, 'mail.jsonl'));
await import('../../server/start');
