import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { invoicesZip, storedInvoice } from '../services/invoices';
import { withinSellerLimit } from './seller-limit';
import { sendZip } from './send-zip';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Invoices: one PDF per purchase (the stored file), and all of them as one zip; owner only, within the seller's download limit. */
export function invoiceRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/invoices/all.zip', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId) return res.status(401).end();
    if (!(await withinSellerLimit(deps.db, res, 'exports', userId))) return;
    sendZip(res, 'faturalar.zip', invoicesZip(deps, userId), '[faturalar-zip]');
  });
  r.get('/api/invoices/:id', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    if (!(await withinSellerLimit(deps.db, res, 'exports', userId))) return;
    const inv = await storedInvoice(deps, userId, req.params.id);
    if (!inv) return res.status(404).end();
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${inv.name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(inv.pdf);
  });
  return r;
}
