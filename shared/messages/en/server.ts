/** The e-mails in English, for users whose saved language is English; keys mirror the Turkish part. */
import type { ServerTexts } from '..';

export const OWN: ServerTexts = {
  email: {
    greeting: (name: string) => `Hello ${name},`,
    signature: (siteName: string) => `Best wishes,\nThe ${siteName} team`,
    footer: (siteName: string, supportEmail: string) => `This e-mail was sent by ${siteName}. Questions? Write to ${supportEmail}`,
    linkFallback: 'If the button does not work, paste this address into your browser:',
    ignoreIfNotYou: 'If you did not make this request, ignore this e-mail; nothing changes on your account.',
    unsubscribeText: 'If you no longer want these notifications, you can unsubscribe in one click:',
    unsubscribeLink: 'Unsubscribe from notifications',
    resetSubject: 'Your password reset link',
    resetIntro: 'We received a request to reset the password of your account. Use the link below to choose a new password.',
    resetButton: 'Choose a new password',
    resetValidity: 'The link is valid for 1 hour and can be used only once.',
    resetDoneSubject: 'Your password has been changed',
    resetDoneIntro: 'The password of your account has just been changed and all your open sessions have been signed out.',
    resetDoneNotYou: (supportEmail: string) => `If you did not make this change, write to our support team at once: ${supportEmail}`,
    verifySubject: 'Verify your e-mail address',
    verifyIntro: 'Thank you for creating your account. Click the link below to verify your e-mail address.',
    verifyButton: 'Verify my e-mail address',
    verifyValidity: 'The link is valid for 24 hours and can be used only once.',
    changeSubject: 'Verify your new e-mail address',
    changeIntro:
      'You asked to change your account’s e-mail address to this one. The change takes effect when you confirm it with the link below.',
    changedSubject: 'Your e-mail address has been changed',
    changedIntro: (newEmail: string) =>
      `Your account’s e-mail address has been changed to ${newEmail}. From now on our e-mails go to that address; use it to sign in as well.`,
    imageReadySubject: 'Your images are ready',
    videoReadySubject: 'Your video is ready',
    generationReadyIntro: (what: string) => `${what} is complete. You can view and download the results in your account.`,
    imageWhat: 'Your photo generation',
    videoWhat: 'Your video generation',
    viewResults: 'View the results',
    generationFailedSubject: 'Your generation could not be completed',
    generationFailedIntro: (credits: number) =>
      `Your generation could not be completed and the ${credits} credits it used have been refunded to your account.`,
    generationFailedReason: (reason: string) => `Error: ${reason}`,
    lowCreditsSubject: 'Your credits are running low',
    lowCreditsIntro: (balance: number) => `Credits left: ${balance}. Choose a new package to keep going without interruption.`,
    lowCreditsButton: 'See the packages',
    paymentSubject: 'Your payment has been received',
    paymentIntro: (plan: string, credits: number) =>
      `Your payment for the ${plan} package has been received and ${credits} credits have been added to your account. Your invoice is attached to this e-mail.`,
    deletionRequestedSubject: 'We have received your account deletion request',
    deletionRequestedIntro:
      'We have received your request to delete your account. We will let you know separately when our admin team has carried it out.',
    accountDeletedSubject: 'Your account has been deleted',
    accountDeletedIntro:
      'Your account deletion request has been carried out: your files were deleted, your personal details removed and all your sessions signed out. Payment records are kept, no longer linked to your identity, as the law requires.',
    exportReadySubject: 'Your data is ready to download',
    exportReadyIntro: 'The data package you asked for is ready. You can download it from the Settings page for 24 hours.',
    exportButton: 'Go to settings',
  },
};
