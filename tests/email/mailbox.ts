import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _cs, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeQp(s: string): Buffer {
  const cleaned = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < cleaned.length; i++) {
    if (cleaned[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(cleaned.slice(i + 1, i + 3))) {
      bytes.push(parseInt(cleaned.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(cleaned[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const idx = part.search(/\r?\n\r?\n/);
  const head = idx < 0 ? part : part.slice(0, idx);
  const body = idx < 0 ? '' : part.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): Buffer {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') return decodeQp(body);
  return Buffer.from(body, 'utf8');
}

/** A small MIME reader: enough for nodemailer's multipart/alternative + attachments. */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw'> {
  const top = splitHead(raw);
  const out = {
    headers: top.headers,
    subject: decodeWords(top.headers.subject ?? ''),
    text: '',
    html: '',
    attachments: [] as ReceivedMail['attachments'],
  };
  const walk = (headers: Record<string, string>, body: string) => {
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHead(part.replace(/^\r?\n/, ''));
        walk(p.headers, p.body);
      }
      return;
    }
    const disposition = headers['content-disposition'] ?? '';
    const content = decodeBody(headers, body);
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
    if (/attachment/i.test(disposition) || (filename && !/^text\/(plain|html)/i.test(type))) {
      out.attachments.push({ filename: decodeWords(filename ?? 'ek'), contentType: type.split(';')[0]!, content });
    } else if (/^text\/html/i.test(type)) out.html += content.toString('utf8');
    else if (/^text\/plain/i.test(type)) out.text += content.toString('utf8');
  };
  walk(top.headers, top.body);
  return out;
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
export async function startMailbox(opts: { failFirst?: number } = {}) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let toFail = opts.failFirst ?? 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (toFail > 0) {
          toFail--;
          const err = new Error('451 geçici hata') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves once a mail matching `pred` has arrived (or rejects after `timeoutMs`). */
    async waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = mails.find(pred);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${mails.length})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 50); // woken at once by a new mail; the deadline is checked at least this often
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The token of the first `{base}/auth/reset/{token}`-style link in a text. */
export function linkToken(text: string, path: string): string | null {
  const m = new RegExp(`https?://[^\\s"<>]+${path}/([a-z0-9]+)`).exec(text);
  return m?.[1] ?? null;
}
