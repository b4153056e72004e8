import { M } from '../../../shared/messages';
import { renderEmail, type RenderedEmail, type Site } from './layout';

const E = M.email;

export function generationCompletedEmail(site: Site, name: string, type: 'image' | 'video', url: string, unsubscribeUrl: string): RenderedEmail {
  return renderEmail(site, {
    subject: type === 'video' ? E.videoReadySubject : E.imageReadySubject,
    name,
    paragraphs: [E.generationReadyIntro(type === 'video' ? E.videoWhat : E.imageWhat)],
    button: { label: E.viewResults, url },
    unsubscribeUrl,
  });
}

export function generationFailedEmail(site: Site, name: string, credits: number, reason: string, url: string, unsubscribeUrl: string): RenderedEmail {
  return renderEmail(site, {
    subject: E.generationFailedSubject,
    name,
    paragraphs: [E.generationFailedIntro(credits), E.generationFailedReason(reason)],
    button: { label: E.viewResults, url },
    unsubscribeUrl,
  });
}

export function lowCreditsEmail(site: Site, name: string, balance: number, url: string, unsubscribeUrl: string): RenderedEmail {
  return renderEmail(site, {
    subject: E.lowCreditsSubject,
    name,
    paragraphs: [E.lowCreditsIntro(balance)],
    button: { label: E.lowCreditsButton, url },
    unsubscribeUrl,
  });
}

export function paymentReceivedEmail(site: Site, name: string, plan: string, credits: number, unsubscribeUrl: string): RenderedEmail {
  return renderEmail(site, { subject: E.paymentSubject, name, paragraphs: [E.paymentIntro(plan, credits)], unsubscribeUrl });
}
