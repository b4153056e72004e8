import express, { Router } from 'express';
import type { AppDeps } from '../deps';
import { WebhookSignatureError, type PaymentProvider, type PaymentProviderName } from '../providers/payments';
import { applyPaymentEvent } from '../services/payments';
import { M } from '../../shared/messages';
import { sendError } from './rest-error';
import { log } from '../lib/log';

/**
 * POST /api/webhooks/{stripe,lemonsqueezy,iyzico,test}: the raw body is verified by the
 * provider's signature; a bad one gets 400 and writes nothing. Every verified event gets 2xx
 * (replays, unknown types and unmatched users included) so the provider stops retrying.
 * The local test checkout sends its signed events here too, through the same path.
 */
export function webhookRoutes(deps: AppDeps, providers: Record<PaymentProviderName, PaymentProvider>): Router {
  const r = Router();
  const raw = express.raw({ type: () => true, limit: '1mb' });
  for (const name of ['stripe', 'lemonsqueezy', 'iyzico', 'test'] as const) {
    r.post(`/api/webhooks/${name}`, raw, async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event;
      try {
        event = await providers[name].parseWebhook(body, req.headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) return sendError(res, 400, M.payments.webhookSignature, 'VALIDATION');
        throw err;
      }
      const outcome = await applyPaymentEvent(deps, event);
      if (outcome === 'ignored' || outcome === 'unmatched')
        log().info({ eventKey: event.eventKey, eventType: event.eventType, outcome }, 'payment webhook not applied');
      res.status(200).json({ received: true, outcome });
    });
  }
  return r;
}
