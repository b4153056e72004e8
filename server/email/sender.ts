import type { Db } from '../db';
import type { Env } from '../env';
import { randomToken } from '../auth/tokens';
import { M } from '../../shared/messages';
import { claimEmail, markEmailFailed, markEmailSent, onEmailQueued } from './outbox';
import { redactedCopy } from './links';
import type { EmailTransport } from './transport';
import { PollLoop } from '../lib/poll-loop';
import { claimerReports } from '../lib/outage';
import { log } from '../lib/log';
import { emails } from '../lib/metrics';
import { readAttachments } from '../db/read';

export const EMAIL_MAX_ATTEMPTS = 6;

export type EmailSenderOptions = {
  pollMs?: number;
  leaseMs?: number;
  /** First retry delay; doubled each attempt (with jitter), capped at 30 minutes. */
  retryBaseMs?: number;
  senderId?: string;
};

/** The site's name and support address (the settings, read by the caller: e-mail sits below services). */
export type SenderSite = () => Promise<{ siteName: string; supportEmail: string }>;

/** `"Site" <address>` from SMTP_FROM, else the site name and support address from settings. */
async function fromAddress(site: SenderSite, env: Pick<Env, 'SMTP_FROM'>): Promise<string> {
  if (env.SMTP_FROM) return env.SMTP_FROM;
  const s = await site();
  return `"${s.siteName.replace(/["\\\r\n]/g, '')}" <${s.supportEmail}>`;
}

function messageIdFor(id: string, env: Pick<Env, 'PUBLIC_URL'>): string {
  let host = 'vitrin.local';
  try {
    if (env.PUBLIC_URL) host = new URL(env.PUBLIC_URL).hostname;
  } catch {
    /* keep the default */
  }
  return `<${id}@${host}>`;
}

/**
 * Sends the outbox: claims one message at a time (FOR UPDATE SKIP LOCKED, under a lease, so any
 * number of processes can run a sender), hands it to the transport, and marks it sent; a failed
 * try goes back to the queue with exponential backoff, and after EMAIL_MAX_ATTEMPTS it is `failed`.
 * A sender that dies between the SMTP server's acceptance and the `sent` mark leaves an expired
 * lease and the message is tried again with the same Message-ID (at-least-once at that one point).
 * Once sent or given up, the stored copy loses its secret link tokens, in log mode (no SMTP_URL)
 * too: the log line is the delivery there, and an admin must not be able to use a seller's link.
 */
export class EmailSender {
  readonly senderId: string;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly poll: PollLoop;

  constructor(
    private readonly deps: { db: Db; env: Pick<Env, 'SMTP_FROM' | 'PUBLIC_URL' | 'PORT'>; transport: EmailTransport; site: SenderSite },
    opts: EmailSenderOptions = {},
  ) {
    this.senderId = opts.senderId ?? `mail-${process.pid}-${randomToken().slice(0, 8)}`;
    this.poll = new PollLoop({
      runOnce: () => this.runOnce(),
      pollMs: opts.pollMs ?? 2_000,
      subscribe: onEmailQueued,
      ...claimerReports('e-mail', (err) => log().error({ err }, 'e-mail round failed')),
    });
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.retryBaseMs = opts.retryBaseMs ?? 30_000;
  }

  get transportName(): 'smtp' | 'log' {
    return this.deps.transport.name;
  }

  start(): void {
    this.poll.start();
  }

  async stop(): Promise<void> {
    await this.poll.stop();
    this.deps.transport.close();
  }

  /** Sends one due message; false when there was none. */
  async runOnce(): Promise<boolean> {
    const { db, env, transport } = this.deps;
    const row = await claimEmail(db, this.senderId, this.leaseMs);
    if (!row) return false;
    const messageId = messageIdFor(row.id, env);
    const headers: Record<string, string> = {};
    const unsubscribe = /https?:\/\/\S+\/bildirimlerden-cik\/[a-z0-9]+/.exec(row.body)?.[0];
    if (unsubscribe) headers['List-Unsubscribe'] = `<${unsubscribe}>`;
    try {
      await transport.send({
        from: await fromAddress(this.deps.site, env),
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        html: row.html,
        attachments: readAttachments(row.attachments),
        messageId,
        headers,
      });
    } catch (err) {
      const final = row.attempts >= EMAIL_MAX_ATTEMPTS;
      const delay = Math.min(30 * 60_000, this.retryBaseMs * 2 ** (row.attempts - 1)) * (0.75 + Math.random() * 0.5);
      // The reason only: the address and the body are the recipient's.
      log().warn(
        { emailId: row.id, kind: row.kind, attempt: row.attempts, final, err: { message: (err as Error).message } },
        'e-mail not sent',
      );
      emails.inc({ outcome: final ? 'gave_up' : 'failed', transport: transport.name });
      await markEmailFailed(
        db,
        row.id,
        this.senderId,
        (err as Error).message ?? String(err),
        Math.round(delay),
        final,
        final ? redactedCopy(row) : undefined,
      );
      return true;
    }
    emails.inc({ outcome: 'sent', transport: transport.name });
    await markEmailSent(db, row.id, this.senderId, {
      transport: transport.name,
      messageId,
      ...redactedCopy(row),
      // The farewell to an erased account is the last trace of its address: gone once it left.
      ...(row.kind === 'account_deleted' ? { toAddress: M.adminEmails.redacted } : {}),
    });
    return true;
  }
}
