import type { RequestHandler } from 'express';
import { originAllowed } from '../auth/origin';
import { M } from '../../shared/messages';

/**
 * SECURITY 17: every state-changing request needs an Origin naming this site, and tRPC
 * mutations must be JSON (a form post from another site cannot be). Webhooks are exempt:
 * they prove themselves by signature instead.
 */
export function originGuard(allowedOrigins: string[]): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    if (req.path.startsWith('/api/webhooks/')) return next();
    const ok = originAllowed(req.headers.origin, req.headers.host, allowedOrigins);
    const isTrpc = req.path.startsWith('/trpc');
    const json = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
    if (!ok || (isTrpc && !json)) {
      res.status(403).json({ error: { message: M.common.forbiddenOrigin, data: { appCode: 'BAD_ORIGIN' } } });
      return;
    }
    next();
  };
}
