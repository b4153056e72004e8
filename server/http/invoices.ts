import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { invoicesZip, renderInvoice } from '../services/invoices';
import { sendZip } from './send-zip';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Invoices: one PDF per purchase, and all of them as one zip; owner only. */
export function invoiceRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/invoices/all.zip', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId) return res.status(401).end();
    sendZip(res, 'faturalar.zip', invoicesZip(deps.db, userId), '[faturalar-zip]');
  });
  r.get('/api/invoices/:id', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    const inv = await renderInvoice(deps.db, userId, req.params.id);
    if (!inv) return res.status(404).end();
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${inv.name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(inv.pdf);
  });
  return r;
}
