import type { PaidPlanCode } from '../../../shared/plans';
import type { PaymentProviderName } from '../../db/types';
import type { PlanProblem } from './plan-match';

export type { PaymentProviderName };

/**
 * What a verified webhook means to us, whichever provider sent it. Only `payment` events
 * move credits; everything else is acknowledged and logged.
 */
export type PaymentEvent = {
  provider: PaymentProviderName;
  /** The provider's own event identity: a replay carries the same key. */
  eventKey: string;
  eventType: string;
} & (
  | { kind: 'ignored' }
  | {
      kind: 'payment';
      /** What was paid for: the same for two events about one payment (checkout + first invoice). */
      paymentRef: string;
      /** Our user id as sent through the checkout (client-editable: verified before use). */
      userRef: string | null;
      email: string | null;
      customerId: string | null;
      plan: PaidPlanCode | null;
      /** Set when the signed data names no plan (e.g. product and amount disagree). */
      problem?: PlanProblem | null;
      amountCents: number;
      currency: string;
      periodEnd: Date | null;
      card: { brand: string; last4: string } | null;
      /**
       * iyzico: the subscription the payment belongs to. When set, the user is only the account
       * stored for that subscription (passed as `userRef`), never a customer or e-mail match.
       */
      subscriptionRef?: string | null;
      /** iyzico: the subscription's first paid order, which adopts a subscription stored before subscriptions were. */
      firstOrderRef?: string | null;
      /** The local test checkout: the session whose plan, amount and currency the payment must match. */
      checkoutSessionId?: string | null;
    }
);

export class WebhookSignatureError extends Error {
  constructor(message = 'invalid signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Verifies the signature over the raw body and parses the event; throws WebhookSignatureError.
   * What the event claims is compared with our records (stored subscriptions, checkout sessions,
   * TL prices) by `services/payments.ts`, not here.
   */
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<PaymentEvent>;
}

/** Providers whose checkout is a link we prefill (Stripe Payment Links, Lemon Squeezy). */
export interface LinkCheckout {
  /** The hosted checkout address for a plan, prefilled with the user's e-mail and id; null if not configured. */
  checkoutUrl(plan: PaidPlanCode, user: { id: string; email: string }): string | null;
}
