import { afterAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { runNode } from '../helpers/process';
import { startServer } from '../../server/index';
import { readEnv } from '../../server/env';
import { requestPasswordReset } from '../../server/services/password-reset';
import { signUp } from '../../server/services/accounts';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 4: in production without SMTP_URL, reset and verification links would be written
 * live to the log. The server refuses to start with one line, unless EMAIL_LOG_LINKS=true says the
 * operator wants exactly that.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-smtp-'));
let h: (DbHandle & { url?: string }) | undefined;
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a production server without SMTP_URL refuses to start with one line, exit code 1', { timeout: 300_000 }, async () => {
  h = await freshDatabase();
  const server = runNode('tests/helpers/serve-main.ts', {
    NODE_ENV: 'production',
    SMTP_URL: '',
    EMAIL_LOG_LINKS: '',
    DATA_DIR: dataDir,
    DATABASE_URL: h.url ?? '',
    PORT: '0',
    WORKER_CONCURRENCY: '0',
  });
  expect(await server.exited).toBe(1);
  const lines = server
    .output()
    .split('\n')
    .filter((l) => l.trim());
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('SMTP_URL');
  expect(lines[0]).toContain('EMAIL_LOG_LINKS=true');
});

test('with EMAIL_LOG_LINKS=true it starts and logs e-mails, as the operator asked', { timeout: 120_000 }, async () => {
  h ??= await freshDatabase();
  const logged: string[] = [];
  const env = readEnv({ NODE_ENV: 'production', EMAIL_LOG_LINKS: 'true', DATA_DIR: dataDir, PORT: '0', WORKER_CONCURRENCY: '0' });
  const running = await startServer({
    env,
    handle: h,
    log: (l) => logged.push(l),
    emailSender: { pollMs: 20 },
    listenHost: '127.0.0.1',
  });
  try {
    await signUp(h.db, { email: 'sifre@example.com', password: 'gizli-sifre-1', fullName: 'Şifre Unutan', companyName: null, phone: null });
    await requestPasswordReset(running.deps, { email: 'sifre@example.com', ip: '127.0.0.1' });
    const deadline = Date.now() + 30_000;
    while (!logged.some((l) => l.includes('/auth/reset/')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(logged.some((l) => l.includes('/auth/reset/'))).toBe(true);
  } finally {
    await running.close({ graceMs: 1000 });
  }
});
