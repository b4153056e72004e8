import type { Env } from '../../env';
import { StripePayments } from './stripe';
import { LemonSqueezyPayments } from './lemonsqueezy';
import { IyzicoPayments } from './iyzico';
import { TestCheckout, testCheckoutAllowed } from './test-checkout';
import type { PaymentProviderName } from './types';

export * from './types';
export { StripePayments } from './stripe';
export { LemonSqueezyPayments } from './lemonsqueezy';
export { IyzicoPayments } from './iyzico';
export { TestCheckout, testCheckoutAllowed, TEST_CHECKOUT_HOST } from './test-checkout';

export type PaymentProviders = {
  stripe: StripePayments;
  lemonsqueezy: LemonSqueezyPayments;
  iyzico: IyzicoPayments;
  test: TestCheckout;
  /** Which provider the package buttons use; null when none is configured (docs/decisions.md D25, issue 16 (docs/history.md)). */
  checkout: PaymentProviderName | null;
};

export const IYZICO_SANDBOX_URL = 'https://sandbox-api.iyzipay.com';

/**
 * Every webhook endpoint always exists (each refuses everything without its secret). Checkout
 * uses Stripe when any Stripe link is set, else Lemon Squeezy when any checkout URL is set, else
 * iyzico when its API keys are set; with none of them, the local test checkout on the operator's
 * own machine (see testCheckoutAllowed), else nothing.
 */
export function paymentsFromEnv(env: Env): PaymentProviders {
  const stripe = new StripePayments({
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    links: { basic: env.STRIPE_LINK_BASIC, standard: env.STRIPE_LINK_STANDARD, premium: env.STRIPE_LINK_PREMIUM },
    prices: { basic: env.STRIPE_PRICE_BASIC, standard: env.STRIPE_PRICE_STANDARD, premium: env.STRIPE_PRICE_PREMIUM },
  });
  const lemonsqueezy = new LemonSqueezyPayments({
    webhookSecret: env.LEMONSQUEEZY_WEBHOOK_SECRET,
    checkouts: {
      basic: env.LEMONSQUEEZY_CHECKOUT_BASIC,
      standard: env.LEMONSQUEEZY_CHECKOUT_STANDARD,
      premium: env.LEMONSQUEEZY_CHECKOUT_PREMIUM,
    },
    variants: {
      basic: env.LEMONSQUEEZY_VARIANT_BASIC,
      standard: env.LEMONSQUEEZY_VARIANT_STANDARD,
      premium: env.LEMONSQUEEZY_VARIANT_PREMIUM,
    },
  });
  const iyzico = new IyzicoPayments({
    apiKey: env.IYZICO_API_KEY,
    secretKey: env.IYZICO_SECRET_KEY,
    baseUrl: env.IYZICO_BASE_URL ?? IYZICO_SANDBOX_URL,
    merchantId: env.IYZICO_MERCHANT_ID,
    pricingPlans: { basic: env.IYZICO_PLAN_BASIC, standard: env.IYZICO_PLAN_STANDARD, premium: env.IYZICO_PLAN_PREMIUM },
  });
  const hasStripe = !!(env.STRIPE_LINK_BASIC || env.STRIPE_LINK_STANDARD || env.STRIPE_LINK_PREMIUM);
  const hasLs = !!(env.LEMONSQUEEZY_CHECKOUT_BASIC || env.LEMONSQUEEZY_CHECKOUT_STANDARD || env.LEMONSQUEEZY_CHECKOUT_PREMIUM);
  const hasIyzico = iyzico.configured;
  const test = new TestCheckout(testCheckoutAllowed(env, hasStripe || hasLs || hasIyzico));
  const checkout = hasStripe ? 'stripe' : hasLs ? 'lemonsqueezy' : hasIyzico ? 'iyzico' : test.enabled ? 'test' : null;
  return { stripe, lemonsqueezy, iyzico, test, checkout };
}
