import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Env } from '../../env';
import { isPaidPlan } from '../../../shared/plans';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider, type WebhookHeaders } from './types';

const TOLERANCE_SECONDS = 5 * 60;
export const TEST_SIGNATURE_HEADER = 'x-vitrin-test-signature';

/** What the test checkout sends through `/api/webhooks/test` once the buyer presses pay. */
export type TestPaymentBody = {
  id: string;
  type: 'payment.succeeded';
  created: number;
  data: { sessionId: string; userId: string; email: string; plan: string; amountCents: number; currency: string };
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The local test checkout exists only on the operator's own machine: no real provider is
 * configured, PUBLIC_URL is unset or a plain-http loopback address, and NODE_ENV is not
 * `production`. Anything else turns it off.
 */
export function testCheckoutAllowed(env: Env, realProviderConfigured: boolean): boolean {
  if (realProviderConfigured) return false;
  if (env.NODE_ENV === 'production') return false;
  if (!env.PUBLIC_URL) return true;
  let url: URL;
  try {
    url = new URL(env.PUBLIC_URL);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname));
}

/** The address the server listens on while the test checkout is on: this machine only. */
export const TEST_CHECKOUT_HOST = '127.0.0.1';

/** 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address (what a dual-stack socket reports). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Whether a request may use the test checkout: its socket peer is this machine's loopback. No
 * header can make a caller local. A forwarding header makes it remote, though: a proxy on the same
 * host connects over loopback on behalf of anyone, so whatever it forwarded is refused.
 */
export function isLocalCaller(req: IncomingMessage): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return !Object.keys(req.headers).some((h) => h === 'forwarded' || h === 'x-real-ip' || h.startsWith('x-forwarded-'));
}

/**
 * A stand-in payment provider for trying the whole loop on one machine (issue 16 (docs/history.md)). Events are
 * signed like Stripe's (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`) with a secret that
 * is random per process and never leaves it, and go through the same webhook route and ledger
 * path as real payments. When disabled it refuses every event.
 */
export class TestCheckout implements PaymentProvider {
  readonly name = 'test' as const;
  private readonly secret = randomBytes(32);

  constructor(readonly enabled: boolean) {}

  /** A signed event for one completed test checkout session. */
  signedEvent(data: TestPaymentBody['data'], now = Date.now()): { body: string; signature: string } {
    if (!this.enabled) throw new Error('test checkout is disabled');
    const body = JSON.stringify({
      id: `testevt_${randomUUID()}`,
      type: 'payment.succeeded',
      created: Math.floor(now / 1000),
      data,
    } satisfies TestPaymentBody);
    return { body, signature: this.sign(body, Math.floor(now / 1000)) };
  }

  sign(body: string, timestamp: number): string {
    const mac = createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex');
    return `t=${timestamp},v1=${mac}`;
  }

  async parseWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<PaymentEvent> {
    const header = headers[TEST_SIGNATURE_HEADER];
    if (!this.enabled || typeof header !== 'string') throw new WebhookSignatureError();
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    if (!m) throw new WebhookSignatureError();
    const t = Number(m[1]);
    if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) throw new WebhookSignatureError();
    const expected = createHmac('sha256', this.secret).update(`${t}.`).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'))) throw new WebhookSignatureError();

    let body: TestPaymentBody;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('malformed body');
    }
    const base = { provider: 'test' as const, eventKey: `test:${body.id}`, eventType: String(body.type) };
    if (body.type !== 'payment.succeeded' || !body.data) return { ...base, kind: 'ignored' };
    const d = body.data;
    return {
      ...base,
      kind: 'payment',
      paymentRef: `test:session:${d.sessionId}`,
      userRef: d.userId,
      email: d.email,
      customerId: null,
      // What the session claims; services/payments.ts checks it against the session as it was started.
      plan: isPaidPlan(d.plan) ? d.plan : null,
      problem: isPaidPlan(d.plan) ? null : 'plan_mismatch',
      amountCents: d.amountCents,
      currency: d.currency,
      periodEnd: null,
      card: null,
      checkoutSessionId: d.sessionId,
    };
  }
}
