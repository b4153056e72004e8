import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ReceivedMail } from '../email/mailbox';

/**
 * A real SMTP server on 127.0.0.1 for the browser tests: the e2e server sends through it
 * (SMTP_URL), and every message it accepts is appended to `file` (one JSON line each), where a
 * spec running in another process reads it.
 */
export async function startMailCatcher(file: string): Promise<string> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        appendFileSync(file, JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), raw }) + '\n');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** The messages caught so far for one recipient, parsed. */
export function caughtMails(file: string, to: string): Omit<ReceivedMail, 'from'>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(to))
    .map((m) => ({ to: m.to, raw: m.raw, ...parseMail(m.raw) }));
}
