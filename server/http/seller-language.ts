import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { getPreferences } from '../services/preferences';
import { inLanguage } from '../i18n';
import type { Language } from '../../shared/messages/language';

/** The routes whose answer is a file the seller keeps: invoices, marketplace and batch zips, the data export. */
export const SELLER_FILE_PATHS = ['/api/invoices', '/api/generations', '/api/batches', '/api/exports'];

/**
 * Issue 38 item 2: a downloaded file (its name and its words) follows the language the seller chose,
 * not the browser's Accept-Language a plain download carries. A signed-in seller's request is served
 * in their saved language; anyone else's keeps the request's.
 */
export function sellerFileLanguage(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let language: Language | null = null;
    try {
      const userId = await customerId(deps, req);
      if (userId) language = (await getPreferences(deps.db, userId)).language;
    } catch (err) {
      return next(err);
    }
    if (language) inLanguage(language, next);
    else next();
  };
}
