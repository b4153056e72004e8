import { emailTexts, linkEmail, renderEmail, type RenderedEmail, type Site } from './layout';

export function passwordResetEmail(site: Site, name: string, url: string): RenderedEmail {
  const texts = emailTexts(site);
  return linkEmail(site, name, url, {
    subject: texts.resetSubject,
    intro: texts.resetIntro,
    button: texts.resetButton,
    validity: texts.resetValidity,
  });
}

export function passwordChangedEmail(site: Site, name: string): RenderedEmail {
  const texts = emailTexts(site);
  return renderEmail(site, {
    subject: texts.resetDoneSubject,
    name,
    paragraphs: [texts.resetDoneIntro, texts.resetDoneNotYou(site.supportEmail)],
  });
}

export function verifyEmailEmail(site: Site, name: string, url: string): RenderedEmail {
  const texts = emailTexts(site);
  return linkEmail(site, name, url, {
    subject: texts.verifySubject,
    intro: texts.verifyIntro,
    button: texts.verifyButton,
    validity: texts.verifyValidity,
  });
}

export function emailChangeEmail(site: Site, name: string, url: string): RenderedEmail {
  const texts = emailTexts(site);
  return linkEmail(site, name, url, {
    subject: texts.changeSubject,
    intro: texts.changeIntro,
    button: texts.verifyButton,
    validity: texts.verifyValidity,
  });
}

/**
 * To the OLD address once a change has taken effect. No link: undoing anything needs a sign-in
 * (or support); the new address is shown only in part.
 */
export function emailChangedEmail(site: Site, name: string, newEmail: string): RenderedEmail {
  const texts = emailTexts(site);
  return renderEmail(site, {
    subject: texts.changedSubject,
    name,
    paragraphs: [texts.changedIntro(maskEmail(newEmail)), texts.resetDoneNotYou(site.supportEmail)],
  });
}

/** `yeni@example.com` → `y***@example.com`. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

export function deletionRequestedEmail(site: Site, name: string): RenderedEmail {
  const texts = emailTexts(site);
  return renderEmail(site, { subject: texts.deletionRequestedSubject, name, paragraphs: [texts.deletionRequestedIntro] });
}

export function accountDeletedEmail(site: Site): RenderedEmail {
  const texts = emailTexts(site);
  return renderEmail(site, { subject: texts.accountDeletedSubject, paragraphs: [texts.accountDeletedIntro] });
}

export function exportReadyEmail(site: Site, name: string, url: string): RenderedEmail {
  const texts = emailTexts(site);
  return renderEmail(site, {
    subject: texts.exportReadySubject,
    name,
    paragraphs: [texts.exportReadyIntro],
    button: { label: texts.exportButton, url },
  });
}
