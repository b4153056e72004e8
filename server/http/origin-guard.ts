import { sendError, sendTrpcError } from './rest-error';
import type { RequestHandler } from 'express';
import { originAllowed } from '../auth/origin';
import { M } from '../../shared/messages';

/**
 * docs/security.md property 17: every state-changing request needs an Origin naming this site, and tRPC
 * mutations must be JSON (a form post from another site cannot be). Webhooks are exempt:
 * they prove themselves by signature instead.
 */
export function originGuard(allowedOrigins: string[]): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    // The full path also where the guard is mounted under /trpc.
    const path = req.baseUrl + req.path;
    if (path.startsWith('/api/webhooks/')) return next();
    const ok = originAllowed(req.headers.origin, req.headers.host, allowedOrigins);
    const isTrpc = path.startsWith('/trpc');
    const json = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
    if (!ok || (isTrpc && !json)) {
      if (!isTrpc) return sendError(res, 403, M.common.forbiddenOrigin, 'BAD_ORIGIN');
      // tRPC clients read `{ error }` per call; a batched call expects one entry per procedure.
      const calls = path.slice('/trpc/'.length).split(',').length;
      return sendTrpcError(res, 'BAD_ORIGIN', M.common.forbiddenOrigin, req.query.batch === '1' ? calls : undefined);
    }
    next();
  };
}
