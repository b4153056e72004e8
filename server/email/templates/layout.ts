import { messagesFor } from '../../../shared/messages';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/messages/language';
import { CONTROL_CHARS } from '../../../shared/schemas/text';

/** `language`: the recipient's saved language (Turkish when not given). */
export type Site = { siteName: string; supportEmail: string; language?: Language };

/** The e-mail texts in the recipient's language. */
export function emailTexts(site: Site) {
  return messagesFor(site.language ?? DEFAULT_LANGUAGE).email;
}

export type EmailContent = {
  subject: string;
  /** Name for the greeting; omitted → no greeting line. */
  name?: string | null;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Shown after the button (validity, "not you?"). */
  after?: string[];
  unsubscribeUrl?: string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const p = (s: string) => `<p style="margin:0 0 14px;line-height:1.55">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;

/** One layout for every message, in the recipient's language: the same words in HTML and plain text. */
export function renderEmail(site: Site, content: EmailContent): RenderedEmail {
  // A name saved before line breaks were refused still greets on one line.
  const c = { ...content, name: content.name?.replace(new RegExp(CONTROL_CHARS.source, 'g'), ' ').trim() };
  const texts = emailTexts(site);
  const text: string[] = [];
  if (c.name) text.push(texts.greeting(c.name), '');
  for (const para of c.paragraphs) text.push(para, '');
  if (c.button) text.push(`${c.button.label}: ${c.button.url}`, '');
  for (const para of c.after ?? []) text.push(para, '');
  text.push(texts.signature(site.siteName), '', '--', texts.footer(site.siteName, site.supportEmail));
  if (c.unsubscribeUrl) text.push(`${texts.unsubscribeText} ${c.unsubscribeUrl}`);

  const button = c.button
    ? `<p style="margin:22px 0"><a href="${escapeHtml(c.button.url)}" style="background:#4c6ef5;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(c.button.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#555">${escapeHtml(texts.linkFallback)}<br><a href="${escapeHtml(c.button.url)}" style="color:#4c6ef5;word-break:break-all">${escapeHtml(c.button.url)}</a></p>`
    : '';
  const unsubscribe = c.unsubscribeUrl
    ? `<p style="margin:8px 0 0">${escapeHtml(texts.unsubscribeText)} <a href="${escapeHtml(c.unsubscribeUrl)}" style="color:#666">${escapeHtml(texts.unsubscribeLink)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${site.language ?? DEFAULT_LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;padding:28px">
<tr><td>
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:#4c6ef5">${escapeHtml(site.siteName)}</p>
${c.name ? p(texts.greeting(c.name)) : ''}
${c.paragraphs.map(p).join('\n')}
${button}
${(c.after ?? []).map(p).join('\n')}
${p(texts.signature(site.siteName))}
</td></tr></table>
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%"><tr><td style="padding:14px 28px;font-size:12px;color:#777">
<p style="margin:0">${escapeHtml(texts.footer(site.siteName, site.supportEmail))}</p>
${unsubscribe}
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject: c.subject, text: text.join('\n').trim() + '\n', html };
}

/** A one-time link: the intro, the button, how long the link is valid, and "ignore it if it was not you". */
export function linkEmail(
  site: Site,
  name: string,
  url: string,
  texts: { subject: string; intro: string; button: string; validity: string },
): RenderedEmail {
  return renderEmail(site, {
    subject: texts.subject,
    name,
    paragraphs: [texts.intro],
    button: { label: texts.button, url },
    after: [texts.validity, emailTexts(site).ignoreIfNotYou],
  });
}

/** A notification to a seller: always with the one-click unsubscribe link. */
export function notificationEmail(
  site: Site,
  name: string,
  unsubscribeUrl: string,
  content: Omit<EmailContent, 'name' | 'unsubscribeUrl'>,
): RenderedEmail {
  return renderEmail(site, { ...content, name, unsubscribeUrl });
}
