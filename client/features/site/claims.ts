import { M } from '../../../shared/messages/public';

/** The short promises beside the hero and the sign-up form: "4K" only where this install has an upscaler. */
export function heroClaims(upscale4k: boolean): string[] {
  return [...(upscale4k ? [M.landing.claim4k] : []), M.landing.claimCommercial, M.landing.claimVideo];
}
