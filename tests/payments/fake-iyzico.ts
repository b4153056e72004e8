import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the iyzico subscription endpoints this product calls, following the
 * documented request and response shapes (iyzico docs and the official iyzipay clients):
 * - every call must carry `Authorization: IYZWSv2 base64(apiKey:…&randomKey:…&signature:…)`
 *   with signature = hex HMAC-SHA256(secretKey, randomKey + uriPath + JSON body), else it fails;
 * - POST /v2/subscription/checkoutform/initialize → { status, token, checkoutFormContent, tokenExpireTime };
 * - GET  /v2/subscription/checkoutform/{token}    → { status, data: { referenceCode, … } } once paid;
 * - GET  /v2/subscription/subscriptions/{ref}     → { status, data: { …, customerEmail, orders[] } };
 * - failures are HTTP 400 with { status: 'failure', errorCode, errorMessage }, as iyzico answers them;
 * - a customer's gsmNumber, when sent, must be E.164 (+90 and ten digits), else it is refused.
 * Tests drive the buyer's side (`pay`, `renew`) and build signed notifications (`notification`).
 */
export type FakeOrder = {
  referenceCode: string;
  price: number;
  currencyCode: string;
  startPeriod: number;
  endPeriod: number;
  orderStatus: string;
};
type Subscription = {
  referenceCode: string;
  pricingPlanReferenceCode: string;
  customerReferenceCode: string;
  customerEmail: string;
  subscriptionStatus: string;
  orders: FakeOrder[];
};
/** A checkout-form initialize request, as far as this fake reads it (checked field by field before use). */
type InitBody = {
  callbackUrl?: string;
  pricingPlanReferenceCode?: string;
  locale?: string;
  conversationId?: string;
  customer?: {
    name?: string;
    surname?: string;
    email?: string;
    identityNumber?: string;
    gsmNumber?: string;
    billingAddress?: { address?: string; city?: string; country?: string; contactName?: string };
  };
};
/** A checkout form that passed the checks: the plan and the buyer's e-mail are there. */
type Init = { token: string; body: InitBody & { pricingPlanReferenceCode: string; customer: { email: string } }; subscription?: string };

const MONTH = 30 * 86_400_000;

export class FakeIyzico {
  server: Server;
  url = '';
  requests: { method: string; path: string; body: unknown; authOk: boolean }[] = [];
  inits = new Map<string, Init>();
  subscriptions = new Map<string, Subscription>();
  customers = new Map<string, string>(); // email → customerReferenceCode
  /** Fail the next initialize with this error code (e.g. a refused card holder). */
  failNextInitialize: string | null = null;

  constructor(
    readonly opts: {
      apiKey: string;
      secretKey: string;
      merchantId: string;
      plans: Record<string, { price: number; currencyCode: string }>;
    },
  ) {
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private authOk(req: IncomingMessage, path: string, body: unknown): boolean {
    const header = String(req.headers.authorization ?? '');
    if (!header.startsWith('IYZWSv2 ')) return false;
    const parts = Object.fromEntries(
      Buffer.from(header.slice(8), 'base64')
        .toString('utf8')
        .split('&')
        .map((kv) => [kv.slice(0, kv.indexOf(':')), kv.slice(kv.indexOf(':') + 1)]),
    );
    const expected = createHmac('sha256', this.opts.secretKey)
      .update(`${parts.randomKey}${path}${JSON.stringify(body)}`)
      .digest('hex');
    return parts.apiKey === this.opts.apiKey && parts.signature === expected && req.headers['x-iyzi-rnd'] === parts.randomKey;
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = (raw ? JSON.parse(raw) : {}) as InitBody;
    const path = (req.url ?? '').split('?')[0]!;
    const authOk = this.authOk(req, path, body);
    this.requests.push({ method: req.method ?? '', path, body, authOk });
    const fail = (code: string, message: string): [number, unknown] => [
      400,
      { status: 'failure', errorCode: code, errorMessage: message, errorGroup: 'NOT_SPECIFIED', systemTime: Date.now() },
    ];
    if (!authOk) return [401, { status: 'failure', errorCode: '1000', errorMessage: 'Geçersiz imza', systemTime: Date.now() }];

    if (req.method === 'POST' && path === '/v2/subscription/checkoutform/initialize') {
      if (this.failNextInitialize) {
        const code = this.failNextInitialize;
        this.failNextInitialize = null;
        return fail(code, 'İşlem gerçekleştirilemedi');
      }
      const c = body.customer ?? {};
      const required = [
        body.callbackUrl,
        body.pricingPlanReferenceCode,
        c.name,
        c.surname,
        c.email,
        c.identityNumber,
        c.billingAddress?.address,
        c.billingAddress?.city,
        c.billingAddress?.country,
        c.billingAddress?.contactName,
      ];
      if (required.some((v) => typeof v !== 'string' || !v)) return fail('100001', 'Eksik parametre');
      if (c.gsmNumber !== undefined && !/^\+90\d{10}$/.test(String(c.gsmNumber))) return fail('100001', 'gsmNumber geçersiz');
      const plan = body.pricingPlanReferenceCode!;
      if (!this.opts.plans[plan]) return fail('201600', 'Ödeme planı bulunamadı');
      const token = randomUUID();
      this.inits.set(token, { token, body: { ...body, pricingPlanReferenceCode: plan, customer: { ...c, email: c.email! } } });
      return [
        200,
        {
          status: 'success',
          locale: body.locale,
          systemTime: Date.now(),
          conversationId: body.conversationId,
          token,
          checkoutFormContent: `<script type="text/javascript">if (typeof iyziInit == 'undefined') {var iyziInit = {token:'${token}'};}</script>`,
          tokenExpireTime: 1800,
        },
      ];
    }

    let m = /^\/v2\/subscription\/checkoutform\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const init = this.inits.get(m[1]!);
      if (!init?.subscription) return fail('201400', 'Ödeme formu sonucu bulunamadı');
      const s = this.subscriptions.get(init.subscription)!;
      return [
        200,
        {
          status: 'success',
          systemTime: Date.now(),
          data: {
            referenceCode: s.referenceCode,
            parentReferenceCode: randomUUID(),
            pricingPlanReferenceCode: s.pricingPlanReferenceCode,
            customerReferenceCode: s.customerReferenceCode,
            subscriptionStatus: s.subscriptionStatus,
            trialDays: 0,
            createdDate: s.orders[0]?.startPeriod,
            startDate: s.orders[0]?.startPeriod,
            endDate: s.orders[0]?.endPeriod,
          },
        },
      ];
    }

    m = /^\/v2\/subscription\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const s = this.subscriptions.get(m[1]!);
      if (!s) return fail('201401', 'Abonelik bulunamadı');
      return [
        200,
        {
          status: 'success',
          systemTime: Date.now(),
          data: { ...s, productName: 'Vitrin AI', productReferenceCode: 'prod-vitrin', pricingPlanName: s.pricingPlanReferenceCode },
        },
      ];
    }
    return [404, { status: 'failure', errorCode: '404', errorMessage: 'Not found' }];
  }

  /** The buyer completes the checkout form: a subscription starts and its first order is paid. */
  pay(token: string, opts: { orderStatus?: string; price?: number } = {}): Subscription {
    const init = this.inits.get(token);
    if (!init) throw new Error('unknown token');
    const plan = this.opts.plans[init.body.pricingPlanReferenceCode]!;
    const email = init.body.customer.email;
    const customer = this.customers.get(email) ?? randomUUID();
    this.customers.set(email, customer);
    const start = Date.now();
    const s: Subscription = {
      referenceCode: randomUUID(),
      pricingPlanReferenceCode: init.body.pricingPlanReferenceCode,
      customerReferenceCode: customer,
      customerEmail: email,
      subscriptionStatus: 'ACTIVE',
      orders: [
        {
          referenceCode: randomUUID(),
          price: opts.price ?? plan.price,
          currencyCode: plan.currencyCode,
          startPeriod: start,
          endPeriod: start + MONTH,
          orderStatus: opts.orderStatus ?? 'SUCCESS',
        },
      ],
    };
    this.subscriptions.set(s.referenceCode, s);
    init.subscription = s.referenceCode;
    return s;
  }

  /** iyzico charges the next period of a subscription. */
  renew(subscriptionReferenceCode: string, opts: { orderStatus?: string; price?: number } = {}): FakeOrder {
    const s = this.subscriptions.get(subscriptionReferenceCode)!;
    const last = s.orders[s.orders.length - 1]!;
    const plan = this.opts.plans[s.pricingPlanReferenceCode]!;
    const order = {
      referenceCode: randomUUID(),
      price: opts.price ?? plan.price,
      currencyCode: plan.currencyCode,
      startPeriod: last.endPeriod,
      endPeriod: last.endPeriod + MONTH,
      orderStatus: opts.orderStatus ?? 'SUCCESS',
    };
    s.orders.push(order);
    return order;
  }

  /**
   * A subscription notification as iyzico posts it, with X-IYZ-SIGNATURE-V3 = hex HMAC-SHA256
   * (secretKey) of merchantId + secretKey + eventType + subscriptionReferenceCode +
   * orderReferenceCode + customerReferenceCode.
   */
  notification(
    subscriptionReferenceCode: string,
    orderReferenceCode: string,
    eventType = 'subscription.order.success',
    secretKey = this.opts.secretKey,
  ) {
    const s = this.subscriptions.get(subscriptionReferenceCode)!;
    const body = {
      orderReferenceCode,
      customerReferenceCode: s.customerReferenceCode,
      subscriptionReferenceCode,
      iyziReferenceCode: randomUUID(),
      iyziEventType: eventType,
      iyziEventTime: Date.now(),
    };
    const signature = createHmac('sha256', secretKey)
      .update(this.opts.merchantId + secretKey + eventType + subscriptionReferenceCode + orderReferenceCode + s.customerReferenceCode)
      .digest('hex');
    return { body: JSON.stringify(body), signature };
  }
}
