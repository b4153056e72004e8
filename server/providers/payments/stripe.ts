import Stripe from 'stripe';
import { WebhookSignatureError, type LinkCheckout, type PaymentEvent, type PaymentProvider } from './types';
import { PAID_PLAN_CODES, type PaidPlanCode } from '../../../shared/plans';
import { resolvePlan } from './plan-match';

export type StripeOptions = {
  webhookSecret?: string;
  links: Partial<Record<PaidPlanCode, string>>;
  /** STRIPE_PRICE_*: the Stripe price id of each plan, which names the plan of an invoice line. */
  prices?: Partial<Record<PaidPlanCode, string | undefined>>;
};

const TOLERANCE_SECONDS = 5 * 60;

/** Stripe Payment Links + signed webhooks, verified with the official package. */
export class StripePayments implements PaymentProvider, LinkCheckout {
  readonly name = 'stripe' as const;
  // Only webhook verification is used: no API key is needed for it.
  private readonly stripe = new Stripe('sk_unused', { telemetry: false });

  constructor(private readonly opts: StripeOptions) {}

  checkoutUrl(plan: PaidPlanCode, user: { id: string; email: string }): string | null {
    const link = this.opts.links[plan];
    if (!link) return null;
    const url = new URL(link);
    url.searchParams.set('prefilled_email', user.email);
    url.searchParams.set('client_reference_id', user.id);
    return url.toString();
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent> {
    const signature = headers['stripe-signature'];
    if (!this.opts.webhookSecret || typeof signature !== 'string') throw new WebhookSignatureError();
    // The package refuses old timestamps only; a signature dated in the future is refused too.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || signedAt > Date.now() / 1000 + TOLERANCE_SECONDS) throw new WebhookSignatureError();
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.opts.webhookSecret, TOLERANCE_SECONDS);
    } catch {
      throw new WebhookSignatureError();
    }
    const base = { provider: 'stripe' as const, eventKey: `stripe:${event.id}`, eventType: event.type };

    if (event.type === 'checkout.session.completed') {
      const s = event.data.object as Stripe.Checkout.Session;
      if (s.payment_status !== 'paid') return { ...base, kind: 'ignored' };
      // A subscription's first payment also arrives as invoice.paid: key both by the invoice.
      const invoiceId = typeof s.invoice === 'string' ? s.invoice : s.invoice?.id;
      return {
        ...base,
        kind: 'payment',
        paymentRef: invoiceId ? `stripe:invoice:${invoiceId}` : `stripe:session:${s.id}`,
        userRef: s.client_reference_id ?? null,
        email: s.customer_details?.email ?? s.customer_email ?? null,
        customerId: typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null),
        plan: resolvePlan({ metadataPlan: s.metadata?.plan, amountCents: s.amount_total }),
        amountCents: s.amount_total ?? 0,
        currency: (s.currency ?? 'usd').toUpperCase(),
        periodEnd: null,
        card: null,
      };
    }

    if (event.type === 'invoice.paid') {
      // Current API (since 2025-03-31): the subscription's details live under `parent`, the
      // line's price under `pricing.price_details.price`.
      const inv = event.data.object as Stripe.Invoice;
      const line = inv.lines?.data?.[0];
      const price = line?.pricing?.price_details?.price;
      const priceId = typeof price === 'string' ? price : (price?.id ?? null);
      const byPrice = PAID_PLAN_CODES.find((code) => priceId && this.opts.prices?.[code] === priceId);
      const metaPlan = byPrice ?? inv.metadata?.plan ?? inv.parent?.subscription_details?.metadata?.plan ?? line?.metadata?.plan;
      const periodEnd = line?.period?.end ? new Date(line.period.end * 1000) : null;
      return {
        ...base,
        kind: 'payment',
        paymentRef: `stripe:invoice:${inv.id}`,
        userRef: null,
        email: inv.customer_email ?? null,
        customerId: typeof inv.customer === 'string' ? inv.customer : (inv.customer?.id ?? null),
        plan: resolvePlan({ metadataPlan: metaPlan, amountCents: inv.amount_paid }),
        amountCents: inv.amount_paid ?? 0,
        currency: (inv.currency ?? 'usd').toUpperCase(),
        periodEnd,
        card: null,
      };
    }

    return { ...base, kind: 'ignored' };
  }
}
