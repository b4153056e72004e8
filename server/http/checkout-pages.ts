import express, { Router, type Request } from 'express';
import type { AppDeps } from '../deps';
import { M } from '../../shared/messages';
import { originAllowed } from '../auth/origin';
import { customerId } from './session';
import { findSession } from '../services/checkout';
import { completeIyzicoReturn } from '../services/iyzico-return';
import { payTestCheckout } from '../services/test-checkout';
import { isLocalCaller } from '../providers/payments/test-checkout';
import { sendError } from './rest-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** This server as the request reached it (loopback for the test checkout's own webhook call). */
function selfUrl(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * Checkout pages that are not the SPA (issue 16 (docs/history.md)):
 * - GET  /api/payments/iyzico/:id   iyzico's checkout form for one of the buyer's sessions;
 * - POST /api/payments/iyzico/return iyzico sends the buyer back here (a cross-site form post
 *   carrying only the form token, which is checked against iyzico's API, so no Origin check);
 * - POST /api/test-checkout/:id/pay  completes a local test checkout (same-site, signed in, from
 *   this machine's loopback, outside maintenance mode).
 * Mounted before the global Origin guard because of the iyzico return; the pay route checks
 * the Origin itself.
 */
export function checkoutRoutes(deps: AppDeps): Router {
  const r = Router();

  r.get('/api/payments/iyzico/:id', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId) return res.redirect(303, '/auth');
    const s = UUID.test(req.params.id) ? await findSession(deps.db, { id: req.params.id, userId, provider: 'iyzico' }) : null;
    if (!s?.form_content || s.completed_at || new Date(s.expires_at).getTime() < Date.now()) return res.redirect(303, '/app/subscription');
    // iyzico's form is its own script and styles, then card pages of the buyer's bank (3-D Secure).
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self' https://*.iyzipay.com; script-src 'self' 'unsafe-inline' https://*.iyzipay.com; " +
        "style-src 'self' 'unsafe-inline' https://*.iyzipay.com; img-src 'self' data: https:; connect-src 'self' https://*.iyzipay.com; " +
        "frame-src https:; form-action 'self' https:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    );
    res.setHeader('Cache-Control', 'private, no-store');
    res.type('html').send(`<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(M.payments.iyzicoPageTitle)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}p{color:#555}</style>
</head><body>
<h1>${escapeHtml(M.payments.iyzicoPageTitle)}</h1>
<p>${escapeHtml(M.payments.iyzicoIntro)}</p>
<div id="iyzipay-checkout-form" class="responsive"></div>
${s.form_content}
</body></html>`);
  });

  r.post('/api/payments/iyzico/return', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const token = typeof req.body?.token === 'string' ? req.body.token : '';
    if (!token || token.length > 200 || !deps.payments.iyzico.configured) return res.redirect(303, '/app/billing');
    const outcome = await completeIyzicoReturn(deps, deps.payments.iyzico, token);
    // "Paid" only when the purchase is credited; otherwise the page waits for it with the session.
    if (outcome.paid) return res.redirect(303, '/app/billing?payment=paid');
    res.redirect(303, `/app/billing?payment=pending${outcome.sessionId ? `&checkout=${outcome.sessionId}` : ''}`);
  });

  r.post('/api/test-checkout/:id/pay', async (req, res) => {
    if (!originAllowed(req.headers.origin, req.headers.host, deps.allowedOrigins)) {
      return sendError(res, 403, M.common.forbiddenOrigin, 'BAD_ORIGIN');
    }
    if (!deps.payments.test.enabled) return sendError(res, 404, M.payments.testUnavailable, 'NOT_FOUND');
    // By the socket address alone: Host, Origin and X-Forwarded-* are the caller's to write.
    if (!isLocalCaller(req)) return sendError(res, 403, M.payments.testLocalOnly, 'BAD_ORIGIN');
    const userId = await customerId(deps, req);
    if (!userId) return sendError(res, 401, M.common.unauthorized, 'UNAUTHENTICATED');
    if (!UUID.test(req.params.id)) return sendError(res, 404, M.payments.testInvalid, 'NOT_FOUND');
    const outcome = await payTestCheckout(deps.db, deps.payments.test, { userId, sessionId: req.params.id, selfUrl: selfUrl(req) });
    if (outcome === 'invalid') return sendError(res, 404, M.payments.testInvalid, 'NOT_FOUND');
    if (outcome === 'failed') return sendError(res, 502, M.common.unexpected, 'INTERNAL');
    res.json({ outcome });
  });

  return r;
}
