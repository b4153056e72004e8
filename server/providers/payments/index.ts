import type { Env } from '../../env';
import { StripePayments } from './stripe';
import { LemonSqueezyPayments } from './lemonsqueezy';
import type { PaymentProvider } from './types';

export * from './types';
export { StripePayments } from './stripe';
export { LemonSqueezyPayments } from './lemonsqueezy';

export type PaymentProviders = { stripe: StripePayments; lemonsqueezy: LemonSqueezyPayments; checkout: PaymentProvider | null };

/**
 * Both webhook endpoints always exist (each refuses everything without its secret). Checkout
 * uses Stripe when any Stripe link is set, else Lemon Squeezy when any checkout URL is set (D25).
 */
export function paymentsFromEnv(env: Env): PaymentProviders {
  const stripe = new StripePayments({
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    links: { basic: env.STRIPE_LINK_BASIC, standard: env.STRIPE_LINK_STANDARD, premium: env.STRIPE_LINK_PREMIUM },
  });
  const lemonsqueezy = new LemonSqueezyPayments({
    webhookSecret: env.LEMONSQUEEZY_WEBHOOK_SECRET,
    checkouts: { basic: env.LEMONSQUEEZY_CHECKOUT_BASIC, standard: env.LEMONSQUEEZY_CHECKOUT_STANDARD, premium: env.LEMONSQUEEZY_CHECKOUT_PREMIUM },
    variants: { basic: env.LEMONSQUEEZY_VARIANT_BASIC, standard: env.LEMONSQUEEZY_VARIANT_STANDARD, premium: env.LEMONSQUEEZY_VARIANT_PREMIUM },
  });
  const hasStripe = !!(env.STRIPE_LINK_BASIC || env.STRIPE_LINK_STANDARD || env.STRIPE_LINK_PREMIUM);
  const hasLs = !!(env.LEMONSQUEEZY_CHECKOUT_BASIC || env.LEMONSQUEEZY_CHECKOUT_STANDARD || env.LEMONSQUEEZY_CHECKOUT_PREMIUM);
  return { stripe, lemonsqueezy, checkout: hasStripe ? stripe : hasLs ? lemonsqueezy : null };
}
