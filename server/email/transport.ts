import nodemailer from 'nodemailer';
import type { EmailAttachment } from '../db/types';

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: EmailAttachment[];
  /** Stable per outbox row, so a receiver can drop a copy sent again after a crash. */
  messageId: string;
  headers?: Record<string, string>;
};

/** How a message leaves: real SMTP, or (no SMTP_URL, the embedded default) the server log only. */
export interface EmailTransport {
  readonly name: 'smtp' | 'log';
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        messageId: m.messageId,
        headers: m.headers,
        attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
    },
    close: () => transporter.close(),
  };
}

export function logTransport(log: (line: string) => void = (line) => console.log(line)): EmailTransport {
  return {
    name: 'log',
    async send(m) {
      const files = m.attachments.length ? `\nEkler: ${m.attachments.map((a) => a.filename).join(', ')}` : '';
      log(`[e-posta] Kime: ${m.to}\nKonu: ${m.subject}\n\n${m.text}${files}\n[e-posta sonu]`);
    },
    close: () => {},
  };
}

export function transportFromEnv(env: { SMTP_URL?: string }, log?: (line: string) => void): EmailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : logTransport(log);
}
