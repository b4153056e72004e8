import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaidPlanCode } from '../../../shared/plans';
import { WebhookSignatureError, type LinkCheckout, type PaymentEvent, type PaymentProvider } from './types';
import { planByAmount, planFromProductId } from './plan-match';

export type LemonSqueezyOptions = {
  webhookSecret?: string;
  checkouts: Partial<Record<PaidPlanCode, string>>;
  variants: Partial<Record<PaidPlanCode, string>>;
};

type LsPayload = {
  meta?: { event_name?: string; custom_data?: Record<string, unknown> };
  data?: { id?: string; type?: string; attributes?: LsAttributes };
};

/** The attributes this adapter reads, as Lemon Squeezy sends them (orders and subscription invoices). */
type LsAttributes = {
  status?: string;
  billing_reason?: string;
  subtotal?: number | string | null;
  total?: number | string | null;
  currency?: string;
  user_email?: string;
  customer_id?: number | string | null;
  first_order_item?: { variant_id?: number | string | null };
  card_brand?: string | null;
  card_last_four?: string | null;
};

/** Lemon Squeezy hosted checkout; webhooks signed with HMAC-SHA256 of the raw body (X-Signature). */
export class LemonSqueezyPayments implements PaymentProvider, LinkCheckout {
  readonly name = 'lemonsqueezy' as const;

  constructor(private readonly opts: LemonSqueezyOptions) {}

  checkoutUrl(plan: PaidPlanCode, user: { id: string; email: string }): string | null {
    const link = this.opts.checkouts[plan];
    if (!link) return null;
    const url = new URL(link);
    url.searchParams.set('checkout[email]', user.email);
    url.searchParams.set('checkout[custom][user_id]', user.id);
    return url.toString();
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent> {
    const signature = headers['x-signature'];
    if (!this.opts.webhookSecret || typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) {
      throw new WebhookSignatureError();
    }
    const expected = createHmac('sha256', this.opts.webhookSecret).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new WebhookSignatureError();

    let payload: LsPayload;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('malformed body');
    }
    const name = payload.meta?.event_name ?? 'unknown';
    const a: LsAttributes = payload.data?.attributes ?? {};
    const dataId = String(payload.data?.id ?? '');
    const base = { provider: 'lemonsqueezy' as const, eventKey: `lemonsqueezy:${name}:${dataId}`, eventType: name };
    // custom_data is written by whoever opens the checkout URL: it may name the user (verified
    // later), never the plan.
    const userRef = typeof payload.meta?.custom_data?.user_id === 'string' ? payload.meta.custom_data.user_id : null;
    // The plan price before tax and discounts; `total` varies with the buyer's country.
    const amountCents = a.subtotal != null ? Number(a.subtotal) : a.total != null ? Number(a.total) : null;

    if (name === 'order_created' && a.status === 'paid') {
      const variantId = a.first_order_item?.variant_id != null ? String(a.first_order_item.variant_id) : null;
      const { plan, problem } = planFromProductId({ productId: variantId, configuredIds: this.opts.variants, amountCents });
      return {
        ...base,
        kind: 'payment',
        paymentRef: `lemonsqueezy:order:${dataId}`,
        userRef,
        email: a.user_email ?? null,
        customerId: a.customer_id != null ? String(a.customer_id) : null,
        plan,
        problem,
        amountCents: Number(a.total ?? 0),
        currency: String(a.currency ?? 'USD').toUpperCase(),
        periodEnd: null,
        card: null,
      };
    }

    // The first subscription payment is already credited by order_created; renewals credit here.
    if (name === 'subscription_payment_success' && a.billing_reason !== 'initial') {
      // A subscription invoice carries no variant: the renewal amount names the plan.
      const plan = planByAmount(amountCents);
      return {
        ...base,
        kind: 'payment',
        paymentRef: `lemonsqueezy:invoice:${dataId}`,
        userRef,
        email: a.user_email ?? null,
        customerId: a.customer_id != null ? String(a.customer_id) : null,
        plan,
        problem: plan ? null : 'plan_mismatch',
        amountCents: Number(a.total ?? 0),
        currency: String(a.currency ?? 'USD').toUpperCase(),
        periodEnd: null,
        card: a.card_brand && a.card_last_four ? { brand: String(a.card_brand), last4: String(a.card_last_four) } : null,
      };
    }

    return { ...base, kind: 'ignored' };
  }
}
