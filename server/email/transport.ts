import nodemailer from 'nodemailer';
import type { EmailAttachment } from '../db/types';
import { CONTROL_CHARS } from '../../shared/schemas/text';
import { operatorLine } from '../db/data-dir-lock';
import { StartupError } from '../errors';

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
  /** Connects and signs in without sending (the start-up check); the log transport has nothing to check. */
  verify?(): Promise<void>;
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
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          encoding: a.encoding,
        })),
      });
    },
    verify: async () => {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/** A control character as visible text (`\n`, `\u001b`), so it cannot start a line or steer a terminal. */
const escapeControl = (c: string) =>
  c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const CONTROL = new RegExp(CONTROL_CHARS.source, 'g');
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * The log form of a message. Header fields are one line with every control character escaped;
 * body lines are indented, so only the writer's own framing (`[e-posta] Kime:`, `[e-posta sonu]`)
 * starts a line: text a user typed cannot forge another message into the log.
 */
export function emailLogBlock(m: Pick<OutgoingEmail, 'to' | 'subject' | 'text' | 'attachments'>): string {
  const line = (s: string) => s.replace(CONTROL, escapeControl);
  const body = m.text
    .replace(/\r\n/g, '\n')
    .replace(CONTROL_BUT_NEWLINE, escapeControl)
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
  const files = m.attachments.length ? `\nEkler: ${line(m.attachments.map((a) => a.filename).join(', '))}` : '';
  return `[e-posta] Kime: ${line(m.to)}\nKonu: ${line(m.subject)}\n\n${body}${files}\n[e-posta sonu]`;
}

export function logTransport(log: (line: string) => void = (line) => console.log(line)): EmailTransport {
  return {
    name: 'log',
    async send(m) {
      log(emailLogBlock(m));
    },
    close: () => {},
  };
}

/**
 * Production without SMTP would write every reset and verification link, live, to the log, where
 * anyone who reads logs could take accounts over: refused unless the operator says EMAIL_LOG_LINKS=true.
 */
export function assertEmailCanLeave(env: { NODE_ENV?: string; SMTP_URL?: string; EMAIL_LOG_LINKS?: string }): void {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.EMAIL_LOG_LINKS !== 'true') {
    throw new StartupError(operatorLine((m) => m.operator.productionNeedsSmtp));
  }
}

export function transportFromEnv(env: { SMTP_URL?: string }, log?: (line: string) => void): EmailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : logTransport(log);
}
