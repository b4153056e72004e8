import { M } from '../../../shared/messages';
import { renderEmail, type RenderedEmail, type Site } from './layout';

const E = M.email;

export function passwordResetEmail(site: Site, name: string, url: string): RenderedEmail {
  return renderEmail(site, {
    subject: E.resetSubject,
    name,
    paragraphs: [E.resetIntro],
    button: { label: E.resetButton, url },
    after: [E.resetValidity, E.ignoreIfNotYou],
  });
}

export function passwordChangedEmail(site: Site, name: string): RenderedEmail {
  return renderEmail(site, {
    subject: E.resetDoneSubject,
    name,
    paragraphs: [E.resetDoneIntro, E.resetDoneNotYou(site.supportEmail)],
  });
}

export function verifyEmailEmail(site: Site, name: string, url: string): RenderedEmail {
  return renderEmail(site, {
    subject: E.verifySubject,
    name,
    paragraphs: [E.verifyIntro],
    button: { label: E.verifyButton, url },
    after: [E.verifyValidity, E.ignoreIfNotYou],
  });
}

export function emailChangeEmail(site: Site, name: string, url: string): RenderedEmail {
  return renderEmail(site, {
    subject: E.changeSubject,
    name,
    paragraphs: [E.changeIntro],
    button: { label: E.verifyButton, url },
    after: [E.verifyValidity, E.ignoreIfNotYou],
  });
}

export function deletionRequestedEmail(site: Site, name: string): RenderedEmail {
  return renderEmail(site, { subject: E.deletionRequestedSubject, name, paragraphs: [E.deletionRequestedIntro] });
}

export function accountDeletedEmail(site: Site): RenderedEmail {
  return renderEmail(site, { subject: E.accountDeletedSubject, paragraphs: [E.accountDeletedIntro] });
}

export function exportReadyEmail(site: Site, name: string, url: string): RenderedEmail {
  return renderEmail(site, { subject: E.exportReadySubject, name, paragraphs: [E.exportReadyIntro], button: { label: E.exportButton, url } });
}
