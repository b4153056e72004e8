import { messagesFor } from '../../../shared/messages';
import { DEFAULT_LANGUAGE } from '../../../shared/messages/language';
import { emailTexts, notificationEmail, type RenderedEmail, type Site } from './layout';

export function generationCompletedEmail(
  site: Site,
  name: string,
  type: 'image' | 'video',
  url: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const texts = emailTexts(site);
  return notificationEmail(site, name, unsubscribeUrl, {
    subject: type === 'video' ? texts.videoReadySubject : texts.imageReadySubject,
    paragraphs: [texts.generationReadyIntro(type === 'video' ? texts.videoWhat : texts.imageWhat)],
    button: { label: texts.viewResults, url },
  });
}

export function generationFailedEmail(
  site: Site,
  name: string,
  credits: number,
  reason: string,
  url: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const texts = emailTexts(site);
  return notificationEmail(site, name, unsubscribeUrl, {
    subject: texts.generationFailedSubject,
    paragraphs: [texts.generationFailedIntro(credits), texts.generationFailedReason(reason)],
    button: { label: texts.viewResults, url },
  });
}

export function lowCreditsEmail(site: Site, name: string, balance: number, url: string, unsubscribeUrl: string): RenderedEmail {
  const texts = emailTexts(site);
  return notificationEmail(site, name, unsubscribeUrl, {
    subject: texts.lowCreditsSubject,
    paragraphs: [texts.lowCreditsIntro(balance)],
    button: { label: texts.lowCreditsButton, url },
  });
}

/** `invoice`: the amount as paid (`₺2.990 · KDV dahil`) and its invoice number, when the invoice is attached. */
export function paymentReceivedEmail(
  site: Site,
  name: string,
  planCode: string,
  credits: number,
  invoice: { amount: string; number: string } | null,
  unsubscribeUrl: string,
): RenderedEmail {
  const texts = emailTexts(site);
  const plan = messagesFor(site.language ?? DEFAULT_LANGUAGE).credits.planNames[planCode] ?? planCode;
  const paragraphs = [texts.paymentIntro(plan, credits), ...(invoice ? [texts.paymentAmount(invoice.amount, invoice.number)] : [])];
  return notificationEmail(site, name, unsubscribeUrl, { subject: texts.paymentSubject, paragraphs });
}
