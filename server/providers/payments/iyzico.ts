import { createHmac, timingSafeEqual } from 'node:crypto';
import Iyzipay from 'iyzipay';
import { PAID_PLAN_CODES, type PaidPlanCode } from '../../../shared/plans';
import type { TInvoiceDetailsParsed } from '../../../shared/schemas/billing';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider, type WebhookHeaders } from './types';
import { log } from '../../lib/log';

export type IyzicoOptions = {
  apiKey?: string;
  secretKey?: string;
  /** https://api.iyzipay.com (live) or https://sandbox-api.iyzipay.com. */
  baseUrl: string;
  /** Needed for the subscription notification signature (X-IYZ-SIGNATURE-V3). */
  merchantId?: string;
  /** iyzico subscription pricing plan reference code per paid plan. */
  pricingPlans: Partial<Record<PaidPlanCode, string>>;
};

/** iyzico's answer to every call: `status` is 'success' or 'failure' (with errorCode/errorMessage). */
type IyziResult<T = unknown> = { status?: string; errorCode?: string; errorMessage?: string; data?: T } & Record<string, unknown>;

export type IyzicoOrder = {
  referenceCode: string;
  price: number;
  currencyCode: string;
  startPeriod?: number;
  endPeriod?: number;
  orderStatus: string;
};
export type IyzicoSubscription = {
  referenceCode: string;
  pricingPlanReferenceCode: string;
  customerReferenceCode: string;
  customerEmail?: string;
  subscriptionStatus: string;
  orders?: IyzicoOrder[];
};

/** The subscription notification iyzico posts to the merchant's webhook URL. */
export type IyzicoSubscriptionNotification = {
  orderReferenceCode: string;
  customerReferenceCode: string;
  subscriptionReferenceCode: string;
  iyziReferenceCode?: string;
  iyziEventType: string;
  iyziEventTime?: number;
};

/** The notification of a checkout form (iyzico's "HPP format"). */
export type IyzicoFormNotification = {
  iyziEventType: string;
  iyziPaymentId: number | string;
  token: string;
  paymentConversationId?: string;
  status: string;
};

export class IyzicoApiError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'IyzicoApiError';
  }
}

type Call = (data: Record<string, unknown>, cb: (err: Error | null, result: IyziResult) => void) => void;

/**
 * iyzico subscriptions (issue 16 (docs/history.md)) through the official `iyzipay` client: monthly packages are
 * iyzico pricing plans; the buyer pays on iyzico's hosted checkout form (served inside our own
 * page); the first payment is confirmed on the return from the form and every renewal by a
 * signed notification. Neither is believed by itself: the subscription and its order are read
 * again from iyzico's API before anything is credited.
 */
export class IyzicoPayments implements PaymentProvider {
  readonly name = 'iyzico' as const;
  private readonly client: Iyzipay | null;

  constructor(private readonly opts: IyzicoOptions) {
    this.client = opts.apiKey && opts.secretKey ? new Iyzipay({ apiKey: opts.apiKey, secretKey: opts.secretKey, uri: opts.baseUrl }) : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  pricingPlanFor(plan: PaidPlanCode): string | null {
    return this.opts.pricingPlans[plan] ?? null;
  }

  planForPricingPlan(code: string | null | undefined): PaidPlanCode | null {
    if (!code) return null;
    return PAID_PLAN_CODES.find((p) => this.opts.pricingPlans[p] === code) ?? null;
  }

  private call<T>(resource: string, method: string, data: Record<string, unknown>): Promise<IyziResult<T>> {
    if (!this.client) return Promise.reject(new IyzicoApiError(undefined, 'iyzico is not configured'));
    // resource and method are this adapter's own names for iyzipay's API.
    const r = (this.client as unknown as Record<string, Record<string, Call>>)[resource]!;
    return new Promise((resolve, reject) => {
      r[method]!.call(r, data, (err, result) => {
        if (err) return reject(err);
        if (!result || result.status !== 'success') {
          return reject(new IyzicoApiError(result?.errorCode, result?.errorMessage ?? 'iyzico request failed'));
        }
        resolve(result as IyziResult<T>);
      });
    });
  }

  /** Starts a subscription on iyzico's checkout form; returns its token and the form snippet. */
  async initializeCheckout(input: {
    conversationId: string;
    plan: PaidPlanCode;
    callbackUrl: string;
    email: string;
    phone: string | null;
    details: TInvoiceDetailsParsed;
  }): Promise<{ token: string; formContent: string }> {
    const pricingPlanReferenceCode = this.pricingPlanFor(input.plan);
    if (!pricingPlanReferenceCode) throw new IyzicoApiError(undefined, `no pricing plan for ${input.plan}`);
    const d = input.details;
    const contactName = d.kind === 'individual' ? d.fullName : d.companyTitle;
    const [name, ...rest] = contactName.split(/\s+/);
    const address = { contactName, city: d.city, country: 'Turkey', address: d.address };
    const result = await this.call<never>('subscriptionCheckoutForm', 'initialize', {
      locale: Iyzipay.LOCALE.TR,
      conversationId: input.conversationId,
      callbackUrl: input.callbackUrl,
      pricingPlanReferenceCode,
      subscriptionInitialStatus: Iyzipay.SUBSCRIPTION_INITIAL_STATUS.ACTIVE,
      customer: {
        name,
        surname: rest.join(' ') || name,
        identityNumber: d.kind === 'individual' ? d.tckn : d.vkn,
        email: input.email,
        gsmNumber: gsmNumber(input.phone),
        billingAddress: address,
        shippingAddress: address,
      },
    });
    const token = typeof result.token === 'string' ? result.token : '';
    const formContent = typeof result.checkoutFormContent === 'string' ? result.checkoutFormContent : '';
    if (!token || !formContent) throw new IyzicoApiError(undefined, 'checkout form without token');
    return { token, formContent };
  }

  /** The subscription a finished checkout form started (GET /v2/subscription/checkoutform/{token}). */
  async retrieveCheckout(token: string): Promise<{ referenceCode: string; subscriptionStatus: string }> {
    const r = await this.call<{ referenceCode?: string; subscriptionStatus?: string }>('subscriptionCheckoutForm', 'retrieve', {
      checkoutFormToken: token,
    });
    if (!r.data?.referenceCode) throw new IyzicoApiError(undefined, 'checkout form without subscription');
    return { referenceCode: r.data.referenceCode, subscriptionStatus: String(r.data.subscriptionStatus ?? '') };
  }

  /** GET /v2/subscription/subscriptions/{subscriptionReferenceCode}, with its orders. */
  async retrieveSubscription(subscriptionReferenceCode: string): Promise<IyzicoSubscription> {
    const r = await this.call<IyzicoSubscription>('subscription', 'retrieve', { subscriptionReferenceCode });
    if (!r.data?.referenceCode) throw new IyzicoApiError(undefined, 'subscription not found');
    return r.data;
  }

  /**
   * X-IYZ-SIGNATURE-V3 of a subscription notification: hex HMAC-SHA256, keyed with the secret
   * key, of merchantId + secretKey + iyziEventType + subscriptionReferenceCode +
   * orderReferenceCode + customerReferenceCode (iyzico's webhook documentation).
   */
  notificationSignature(n: IyzicoSubscriptionNotification): string | null {
    if (!this.opts.secretKey || !this.opts.merchantId) return null;
    const message =
      this.opts.merchantId +
      this.opts.secretKey +
      n.iyziEventType +
      n.subscriptionReferenceCode +
      n.orderReferenceCode +
      n.customerReferenceCode;
    return createHmac('sha256', this.opts.secretKey).update(message).digest('hex');
  }

  /**
   * X-IYZ-SIGNATURE-V3 of a checkout form (HPP) notification: hex HMAC-SHA256, keyed with the
   * secret key, of secretKey + iyziEventType + iyziPaymentId + token + paymentConversationId + status.
   */
  formNotificationSignature(n: IyzicoFormNotification): string {
    const secret = this.opts.secretKey ?? '';
    const message = secret + n.iyziEventType + String(n.iyziPaymentId) + n.token + (n.paymentConversationId ?? '') + n.status;
    return createHmac('sha256', secret).update(message).digest('hex');
  }

  async parseWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<PaymentEvent> {
    const header = headers['x-iyz-signature-v3'];
    if (!this.configured || !this.opts.merchantId || typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) {
      throw new WebhookSignatureError();
    }
    let n: IyzicoSubscriptionNotification;
    try {
      n = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('malformed body');
    }
    const hpp = n as unknown as IyzicoFormNotification;
    if (typeof hpp?.token === 'string' && hpp.iyziPaymentId != null) {
      // The checkout form's own notification: verified and logged, but the subscription is
      // credited from the return and the subscription notifications, which name its order.
      const expected = this.formNotificationSignature(hpp);
      if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(header.toLowerCase(), 'hex'))) throw new WebhookSignatureError();
      const type = String(hpp.iyziEventType);
      return { provider: 'iyzico', eventKey: `iyzico:${type}:${hpp.token}:${hpp.status}`, eventType: type, kind: 'ignored' };
    }
    const fields = [n?.iyziEventType, n?.subscriptionReferenceCode, n?.orderReferenceCode, n?.customerReferenceCode];
    if (!fields.every((f) => typeof f === 'string' && f.length > 0)) throw new WebhookSignatureError();
    const expected = this.notificationSignature(n)!;
    if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(header.toLowerCase(), 'hex'))) throw new WebhookSignatureError();

    const eventKey = `iyzico:${n.iyziEventType}:${n.orderReferenceCode}`;
    const ignored: PaymentEvent = { provider: 'iyzico', eventKey, eventType: n.iyziEventType, kind: 'ignored' };
    if (n.iyziEventType !== 'subscription.order.success') return ignored;
    // The signed fields are concatenated without separators, so a character moved between two of
    // them keeps the signature valid: a subscription iyzico does not know, or one of another
    // customer, is an unknown event like any other (acknowledged and logged), never an error.
    let subscription: IyzicoSubscription;
    try {
      subscription = await this.retrieveSubscription(n.subscriptionReferenceCode);
    } catch (err) {
      if (!(err instanceof IyzicoApiError)) throw err;
      log().warn({ code: err.code ?? null, reason: err.message }, 'iyzico notification for an unknown subscription');
      return ignored;
    }
    if (subscription.referenceCode !== n.subscriptionReferenceCode || subscription.customerReferenceCode !== n.customerReferenceCode) {
      return ignored;
    }
    return this.paymentEvent({
      eventKey,
      eventType: n.iyziEventType,
      subscription,
      orderReferenceCode: n.orderReferenceCode,
    });
  }

  /**
   * An unmatched payment again, as iyzico and our settings see it now (the admin's retry): the
   * same event and order, with the subscription read again from iyzico's API.
   */
  async recheck(event: Extract<PaymentEvent, { kind: 'payment' }>): Promise<PaymentEvent> {
    if (!event.subscriptionRef) return event;
    const subscription = await this.retrieveSubscription(event.subscriptionRef);
    return this.paymentEvent({
      eventKey: event.eventKey,
      eventType: event.eventType,
      subscription,
      orderReferenceCode: event.paymentRef.replace(/^iyzico:order:/, ''),
    });
  }

  /**
   * The payment an order of a subscription (as read from iyzico) stands for: the plan of the
   * subscription's pricing plan, no account yet. `services/payments.ts` (`withStoredTerms`) then
   * takes the account stored for the subscription and checks the price. An order that is missing
   * or unpaid credits nobody.
   */
  paymentEvent(input: {
    eventKey: string;
    eventType: string;
    subscription: IyzicoSubscription;
    orderReferenceCode: string | null;
  }): PaymentEvent {
    const s = input.subscription;
    const paid = [...(s.orders ?? [])]
      .filter((o) => o.orderStatus === 'SUCCESS')
      .sort((a, b) => (a.startPeriod ?? 0) - (b.startPeriod ?? 0));
    const order = input.orderReferenceCode ? s.orders?.find((o) => o.referenceCode === input.orderReferenceCode) : paid[0];
    const base = { provider: 'iyzico' as const, eventKey: input.eventKey, eventType: input.eventType };
    if (!order || order.orderStatus !== 'SUCCESS') return { ...base, kind: 'ignored' };
    const plan = this.planForPricingPlan(s.pricingPlanReferenceCode);
    return {
      ...base,
      kind: 'payment',
      paymentRef: `iyzico:order:${order.referenceCode}`,
      userRef: null,
      subscriptionRef: s.referenceCode,
      firstOrderRef: paid[0]?.referenceCode ?? null,
      email: s.customerEmail ?? null,
      customerId: s.customerReferenceCode ?? null,
      plan,
      problem: plan ? null : 'plan_mismatch',
      amountCents: Math.round(Number(order.price) * 100),
      currency: String(order.currencyCode ?? 'TRY').toUpperCase(),
      periodEnd: order.endPeriod ? new Date(Number(order.endPeriod)) : null,
      card: null,
    };
  }
}

/**
 * The seller's phone as iyzico requires it, E.164 with Turkey's code (+905321234567), from the
 * ways it is usually written (0532 123 45 67, 532-123-4567, +90 …); anything else is left out
 * rather than sent for iyzico to refuse the whole checkout.
 */
export function gsmNumber(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/[\s().-]/g, '');
  const m = /^(?:\+90|0090|90|0)?(\d{10})$/.exec(digits);
  return m ? `+90${m[1]}` : undefined;
}
