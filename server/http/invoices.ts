import { Router } from 'express';
import JSZip from 'jszip';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { purchaseIds, renderInvoice } from '../services/billing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Invoices (D27): one plain-text file per purchase, and all of them as one zip; owner only. */
export function invoiceRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/invoices/all.zip', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId) return res.status(401).end();
    const zip = new JSZip();
    for (const id of await purchaseIds(deps.db, userId)) {
      const inv = await renderInvoice(deps.db, userId, id);
      if (inv) zip.file(inv.name, inv.text);
    }
    const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', 'attachment; filename="faturalar.zip"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(body);
  });
  r.get('/api/invoices/:id', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    const inv = await renderInvoice(deps.db, userId, req.params.id);
    if (!inv) return res.status(404).end();
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${inv.name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(inv.text);
  });
  return r;
}
